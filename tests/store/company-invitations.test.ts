/**
 * The shop's company invitations kept in the shared store (issue 86), on SQLite and PostgreSQL alike, and in
 * memory without one: a link works once, an address has one open invitation to a company at a time, and a
 * new one may be sent once the last was used, has expired or was never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memoryInvitationBook,
  storedInvitationBook,
  type InvitationBook,
} from '../../src/features/company/index.server.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

const NOW = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
let serial = 0;
const invitation = (email: string, company = 'MQ==') => ({
  id: `invitation-${String(Date.now())}-${String(++serial)}`,
  company,
  email,
  expires: NOW + 7 * DAY,
});

function behaves(book: () => InvitationBook) {
  it('lets a link be used once, and given back when joining failed', async () => {
    const sent = invitation(`once.${String(Date.now())}@example.com`);
    expect(await book().open(sent, NOW)).toBe(true);
    expect(await book().use(sent.id)).toBe(true);
    expect(await book().use(sent.id)).toBe(false);
    await book().release(sent.id);
    expect(await book().use(sent.id)).toBe(true);
    expect(await book().use('never-sent-invitation')).toBe(false);
  });

  it('keeps one open invitation per address and company, whatever the letter case', async () => {
    const email = `open.${String(Date.now())}@example.com`;
    const first = invitation(email);
    expect(await book().open(first, NOW)).toBe(true);
    expect(await book().open(invitation(email.toUpperCase()), NOW + DAY)).toBe(false);
    expect(await book().open(invitation(email, 'Mg=='), NOW)).toBe(true);
    // Expired: a new one replaces it, and the old link is no longer the address's.
    const later = invitation(email);
    expect(await book().open(later, NOW + 8 * DAY)).toBe(true);
    expect(await book().use(first.id)).toBe(false);
    expect(await book().use(later.id)).toBe(true);
    expect(await book().open(invitation(email), NOW + 8 * DAY)).toBe(true);
  });

  it('forgets an invitation that was never sent', async () => {
    const email = `unsent.${String(Date.now())}@example.com`;
    const unsent = invitation(email);
    expect(await book().open(unsent, NOW)).toBe(true);
    await book().forget(unsent.id);
    expect(await book().open(invitation(email), NOW)).toBe(true);
  });
}

describe.each(BOTH_STORES)('company invitations on %s', (_name, open) => {
  let test: TestStore;
  let book: InvitationBook;
  beforeAll(() => {
    test = open();
    book = storedInvitationBook(test.store);
  });
  afterAll(() => test.dispose());
  behaves(() => book);
});

describe('company invitations in memory', () => {
  const book = memoryInvitationBook();
  behaves(() => book);
});
