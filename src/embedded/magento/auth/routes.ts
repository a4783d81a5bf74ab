/** Token services: a customer's or an admin's user name and password exchanged for a bearer token. */
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { Route } from '../http/route.ts';
import type { Params } from '../input.ts';
import { findCustomerByEmail } from '../customers/customers.ts';
import { checkCredentials, issueToken, USER_TYPE, type TokenLifetimes } from './auth.ts';

const credentials: Params = {
  username: { type: 'string', required: true },
  password: { type: 'string', required: true },
};

const adminByName = (db: Database, username: string): { id: number; passwordHash: string } | undefined => {
  const row = db.get<{ id: unknown; password_hash: unknown }>(
    'SELECT id, password_hash FROM admins WHERE username = ?',
    username,
  );
  if (typeof row?.id !== 'number' || typeof row.password_hash !== 'string') return undefined;
  return { id: row.id, passwordHash: row.password_hash };
};

export function tokenRoutes(db: Database, lifetimes: TokenLifetimes): Route[] {
  return [
    {
      method: 'POST',
      path: '/V1/integration/customer/token',
      resource: 'anonymous',
      body: credentials,
      handle: async ({ body }) => {
        const username = String(body['username']);
        const customer = findCustomerByEmail(db, username);
        const hash = customer?.password_hash ?? undefined;
        const ok = await checkCredentials(db, USER_TYPE.customer, username, hash, String(body['password']));
        if (!ok || !customer) throw errors.invalidCredentials();
        return issueToken(db, USER_TYPE.customer, customer.id, lifetimes.customer);
      },
    },
    {
      method: 'POST',
      path: '/V1/integration/admin/token',
      resource: 'anonymous',
      body: credentials,
      handle: async ({ body }) => {
        const username = String(body['username']);
        const admin = adminByName(db, username);
        const hash = admin?.passwordHash;
        const ok = await checkCredentials(db, USER_TYPE.admin, username, hash, String(body['password']));
        if (!ok || !admin) throw errors.invalidCredentials();
        return issueToken(db, USER_TYPE.admin, admin.id, lifetimes.admin);
      },
    },
  ];
}
