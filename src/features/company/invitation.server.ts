/**
 * A company invitation: what the inviting user chose (the company, the invitee's e-mail, names and job
 * title, their role and team) and when it expires (7 days), signed with an HMAC of the shop's sign-in key
 * (SIGN_IN_KEY, or the shared store's, as sign-in's known-browser cookie) so the link in the e-mail cannot
 * be changed or made up. Adobe's `acceptCompanyInvitation` carries its own code; the storefront signs its
 * own instead (docs/company-accounts.md says why). Its id is kept in the invitation book
 * (`invitation-book.server.ts`), which lets it work once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const INVITATION_DAYS = 7;

const invitation = z.object({
  /** The invitation's own id, as the invitation book keeps it: a link works once. */
  id: z.string().min(16).max(64),
  /** Adobe's uids: of the company, the role, and the team's node in the tree (null: no team). */
  company: z.string().min(1),
  companyName: z.string(),
  email: z.string().min(3),
  firstname: z.string(),
  lastname: z.string(),
  jobTitle: z.string(),
  role: z.string().min(1),
  team: z.string().nullable(),
  /** Milliseconds since the epoch. */
  expires: z.number().int(),
});
export type Invitation = z.infer<typeof invitation>;

const LABEL = 'company-invitation:';
const mac = (key: string, body: string): Buffer =>
  createHmac('sha256', key)
    .update(LABEL + body)
    .digest();

/** The invitation as the link carries it: its JSON and signature, both base64url. */
export function signInvitation(key: string, content: Invitation): string {
  const body = Buffer.from(JSON.stringify(content)).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

export type InvitationCheck =
  | { readonly ok: true; readonly invitation: Invitation }
  | { readonly ok: false; readonly problem: 'bad' | 'expired'; readonly invitation?: Invitation };

/** The invitation if a key (the current, or the previous while it is rotated) signed it and it holds. */
export function readInvitation(keys: readonly string[], text: string, now: number): InvitationCheck {
  const [body, signature, extra] = text.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, problem: 'bad' };
  const given = Buffer.from(signature, 'base64url');
  const signed = keys.some((key) => {
    const expected = mac(key, body);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return { ok: false, problem: 'bad' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, problem: 'bad' };
  }
  const content = invitation.safeParse(parsed);
  if (!content.success) return { ok: false, problem: 'bad' };
  if (content.data.expires <= now) return { ok: false, problem: 'expired', invitation: content.data };
  return { ok: true, invitation: content.data };
}

/** Adobe's uid as the id the admin REST routes take (a uid is base64 of the id). */
export function idOfUid(uid: string): number | undefined {
  const text = Buffer.from(uid, 'base64').toString('utf8');
  return /^[0-9]{1,10}$/.test(text) ? Number(text) : undefined;
}
