/**
 * The shop's company invitations, kept (issue 86): each signed invitation carries an id, recorded when it is
 * e-mailed and marked used when accepted, so a link works once (a removed user does not rejoin with it), and
 * one address has one open invitation to a company at a time (one e-mail, however often "Send" is pressed).
 * Kept in the shared store, so every replica agrees; without one (tests, tools), in this process.
 */
import type { SharedStore } from '../../store/shared-store.ts';

export interface OpenInvitation {
  readonly id: string;
  /** The company's uid. */
  readonly company: string;
  readonly email: string;
  /** Milliseconds since the epoch. */
  readonly expires: number;
}

export interface InvitationBook {
  /** Records the invitation; false when one to the address for the company is still open at `now`. */
  open(invitation: OpenInvitation, now: number): Promise<boolean>;
  /** Marks it used; false when it was used already, or is not the address's latest. */
  use(id: string): Promise<boolean>;
  /** Gives back a use whose joining failed, so the link still works. */
  release(id: string): Promise<void>;
  /** Forgets an invitation that was never sent, so the address may be invited again at once. */
  forget(id: string): Promise<void>;
}

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS company_invitations (
    company VARCHAR(64) NOT NULL,
    email VARCHAR(255) NOT NULL,
    id VARCHAR(64) NOT NULL UNIQUE,
    expires_ms BIGINT NOT NULL,
    used_ms BIGINT,
    PRIMARY KEY (company, email)
  )`,
];

const keyOf = (email: string) => email.trim().toLowerCase();

/** The book in the shared store: one row per company and address, the latest invitation's. */
export function storedInvitationBook(store: SharedStore): InvitationBook {
  const ready = () => store.ensure(SCHEMA);
  return {
    async open(invitation, now) {
      await ready();
      // A new invitation replaces the row only once the last was used or has expired.
      const changed = await store.run(
        `INSERT INTO company_invitations (company, email, id, expires_ms, used_ms) VALUES (?, ?, ?, ?, NULL)
         ON CONFLICT (company, email) DO UPDATE SET id = excluded.id, expires_ms = excluded.expires_ms, used_ms = NULL
         WHERE company_invitations.used_ms IS NOT NULL OR company_invitations.expires_ms <= ?`,
        [invitation.company, keyOf(invitation.email), invitation.id, invitation.expires, now],
      );
      return changed > 0;
    },
    async use(id) {
      await ready();
      const changed = await store.run(
        `UPDATE company_invitations SET used_ms = ${store.clock} WHERE id = ? AND used_ms IS NULL`,
        [id],
      );
      return changed > 0;
    },
    async release(id) {
      await ready();
      await store.run('UPDATE company_invitations SET used_ms = NULL WHERE id = ?', [id]);
    },
    async forget(id) {
      await ready();
      await store.run('DELETE FROM company_invitations WHERE id = ?', [id]);
    },
  };
}

/** The book in this process's memory. */
export function memoryInvitationBook(): InvitationBook {
  const rows = new Map<string, { id: string; expires: number; used: boolean }>();
  const byId = (id: string) => [...rows.values()].find((row) => row.id === id);
  return {
    open(invitation, now) {
      const key = `${invitation.company} ${keyOf(invitation.email)}`;
      const last = rows.get(key);
      if (last && !last.used && last.expires > now) return Promise.resolve(false);
      rows.set(key, { id: invitation.id, expires: invitation.expires, used: false });
      return Promise.resolve(true);
    },
    use(id) {
      const row = byId(id);
      if (!row || row.used) return Promise.resolve(false);
      row.used = true;
      return Promise.resolve(true);
    },
    release(id) {
      const row = byId(id);
      if (row) row.used = false;
      return Promise.resolve();
    },
    forget(id) {
      for (const [key, row] of rows) if (row.id === id) rows.delete(key);
      return Promise.resolve();
    },
  };
}
