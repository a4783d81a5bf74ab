/**
 * Token services: a customer's or an admin's user name and password exchanged for a bearer token, and a
 * customer's own tokens revoked (sign-out; Magento_Integration's webapi.xml: `self`, `customerId` forced
 * to the caller's own id, so nothing in the body can name another customer).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { findCustomerByEmail } from '../customers/customers.ts';
import { customerId } from '../http/params.ts';
import {
  checkCredentials,
  issueToken,
  revokeCustomerTokens,
  USER_TYPE,
  type TokenLifetimes,
} from './auth.ts';

const credentials = m.params({ username: m.string(), password: m.string() });

const adminRow = z.object({ id: sqlNumber, password_hash: z.string() });

const adminByName = (db: Database, username: string): { id: number; passwordHash: string } | undefined => {
  const row = db.get(adminRow, 'SELECT id, password_hash FROM admins WHERE username = ?', username);
  return row && { id: row.id, passwordHash: row.password_hash };
};

export function tokenRoutes(db: Database, lifetimes: TokenLifetimes): Route[] {
  return [
    {
      method: 'POST',
      path: '/V1/integration/customer/token',
      resource: 'anonymous',
      ...withBody(credentials, async (_, { username, password }) => {
        const customer = findCustomerByEmail(db, username);
        const hash = customer?.password_hash ?? undefined;
        const ok = await checkCredentials(db, USER_TYPE.customer, username, hash, password);
        if (!ok || !customer) throw errors.invalidCredentials();
        return issueToken(db, USER_TYPE.customer, customer.id, lifetimes.customer);
      }),
    },
    {
      method: 'POST',
      path: '/V1/integration/admin/token',
      resource: 'anonymous',
      ...withBody(credentials, async (_, { username, password }) => {
        const admin = adminByName(db, username);
        const hash = admin?.passwordHash;
        const ok = await checkCredentials(db, USER_TYPE.admin, username, hash, password);
        if (!ok || !admin) throw errors.invalidCredentials();
        return issueToken(db, USER_TYPE.admin, admin.id, lifetimes.admin);
      }),
    },
    {
      method: 'POST',
      path: '/V1/integration/customer/revoke-customer-token',
      resource: 'self',
      handle: ({ caller }) => revokeCustomerTokens(db, customerId(caller)),
    },
  ];
}
