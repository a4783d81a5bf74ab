/**
 * Adobe's second case of `createCompanyUser`: an e-mail that belongs to a customer in no company is not
 * added at once (which would hand the company their orders, details and wish list) but invited. The
 * invitation keeps what the inviting user chose and a code; the customer is e-mailed a link with it, and
 * `acceptCompanyInvitation`, sent with their own token, adds them once. A code works once, for 7 days, and
 * only while it is the customer's latest to the company: a new one, the customer joining, or leaving the
 * company closes every open one.
 */
import { z } from 'zod';
import { randomString } from '../crypto.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { storeLetter } from '../email/message.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { companyErrors } from './errors.ts';
import { signedIn } from './guard.ts';
import { companyUser } from './membership.ts';
import { findCompany } from './company-row.ts';
import { findRole } from './nodes.ts';
import { closeInvitations } from './invitation-rows.ts';
import { addUser, structureNode } from './records.ts';

export interface InvitationChoice {
  readonly companyId: number;
  readonly customerId: number;
  readonly roleId: number;
  readonly parentId: number;
  readonly jobTitle: string;
  readonly telephone: string;
  readonly active: boolean;
}

const VALID_DAYS = 7;

/** Records the invitation, closing the customer's earlier ones to the company; answers its code. */
export function recordInvitation(db: Database, choice: InvitationChoice): string {
  closeInvitations(db, choice.customerId, choice.companyId);
  const code = randomString(32);
  db.run(
    `INSERT INTO company_invitation (company_id, customer_id, role_id, parent_id, job_title, telephone, status,
        code, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    choice.companyId,
    choice.customerId,
    choice.roleId,
    choice.parentId,
    choice.jobTitle,
    choice.telephone,
    choice.active ? 1 : 0,
    code,
    magentoDate(),
  );
  return code;
}

const personRow = z.object({ email: z.string(), firstname: z.string(), lastname: z.string() });

/** E-mails the invited customer the link to accept, on the store's base URL (the storefront's address). */
export async function sendInvitation(context: GraphQlContext, choice: InvitationChoice, code: string) {
  const { db, returns } = context;
  const person = db.get(
    personRow,
    'SELECT email, firstname, lastname FROM customers WHERE id = ?',
    choice.customerId,
  );
  const company = findCompany(db, choice.companyId);
  if (!person || !company) return;
  const query = new URLSearchParams({ code, customer_id: String(choice.customerId) });
  await returns.mailer.send(
    storeLetter({
      store: returns.store,
      to: { address: person.email, name: `${person.firstname} ${person.lastname}` },
      subject: `Invitation to join ${company.company_name}`,
      paragraphs: [
        `You have been invited to join ${company.company_name} as a company user.`,
        'Nothing changes in your account until you accept.',
      ],
      link: {
        href: `${(returns.storeUrl ?? '').replace(/\/+$/, '')}/company/invitation?${query.toString()}`,
        text: 'Accept the invitation',
      },
    }),
  );
}

const invitationRow = z.object({
  invitation_id: sqlNumber,
  created_at: z.string(),
  company_id: sqlNumber,
  customer_id: sqlNumber,
  role_id: sqlNumber,
  parent_id: sqlNumber,
  job_title: z.string().nullable(),
  telephone: z.string().nullable(),
  status: sqlNumber,
});

/** Whether an invitation made at `createdAt` (Magento's UTC date) is older than it may be. */
const expired = (createdAt: string): boolean =>
  Date.parse(`${createdAt.replace(' ', 'T')}Z`) + VALID_DAYS * 24 * 60 * 60 * 1000 <= Date.now();

const acceptArgs = z.object({
  input: z.object({
    code: z.string(),
    user: z.looseObject({}).nullish(),
    role_id: z.string().nullish(),
  }),
});

/**
 * `acceptCompanyInvitation`: the signed-in customer the code was sent to joins with what the inviting user
 * chose (what the request repeats of it is not trusted), once; a used, unknown or someone else's code is
 * refused alike.
 */
export function acceptCompanyInvitation(args: unknown, context: GraphQlContext) {
  const customerId = signedIn(context);
  const { code } = acceptArgs.parse(args).input;
  const { db } = context;
  db.transaction(() => {
    const row = db.get(
      invitationRow,
      `SELECT invitation_id, created_at, company_id, customer_id, role_id, parent_id, job_title, telephone, status
         FROM company_invitation WHERE code = ? AND closed_at IS NULL`,
      code,
    );
    if (!row || row.customer_id !== customerId || expired(row.created_at))
      throw companyErrors.invitationNotValid();
    if (companyUser(db, customerId)) throw companyErrors.alreadyInCompany();
    // The role or the team chosen may have gone since: a role is needed, a team is not.
    if (findRole(db, row.role_id)?.company_id !== row.company_id) throw companyErrors.invitationNotValid();
    const parent = structureNode(db, row.parent_id);
    closeInvitations(db, customerId);
    addUser(db, row.company_id, customerId, {
      jobTitle: row.job_title,
      telephone: row.telephone,
      active: row.status === 1,
      roleId: row.role_id,
      parentId: parent?.company_id === row.company_id ? row.parent_id : 0,
    });
  });
  return { success: true };
}
