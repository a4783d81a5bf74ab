/**
 * Notifications (DESIGN.md §3 replaces the spec's alert()s): one message at a time, shown by the
 * Notifications island with role=status (or alert for problems), kept in sessionStorage so a message
 * survives the page change that follows it (account created → sign-in page).
 */
import { atom } from 'nanostores';
import { z } from '../../zod.ts';

export type Tone = 'status' | 'alert';
export interface Notice {
  text: string;
  tone: Tone;
  /** Increases with every notice, so the same text twice is announced twice. */
  id: number;
}

const KEY = 'notice';
/** What `notify` stores; anything else found under the key (corrupt, older) is ignored. */
const storedNotice = z.object({
  text: z.string(),
  tone: z.enum(['status', 'alert']),
  id: z.unknown(),
});

export const $notice = atom<Notice | null>(null);

function readStored(): Notice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const stored = storedNotice.safeParse(JSON.parse(raw));
    if (!stored.success) return null;
    const { text, tone, id } = stored.data;
    return { text, tone, id: Number(id) || Date.now() };
  } catch {
    return null;
  }
}

/**
 * Shows `text` now and after a navigation that follows straight away. `{ nextPage: false }` is for news
 * about this page only (added to cart, validation failed): it is not shown again on the next page.
 */
export function notify(text: string, tone: Tone = 'status', options: { nextPage?: boolean } = {}): void {
  const notice = { text, tone, id: Date.now() };
  $notice.set(notice);
  try {
    if (options.nextPage === false) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // storage unavailable (private mode): the notice still shows on this page
  }
}

/** A notice older than this was shown on its own page, not left for the next one. */
const CARRY_OVER_MS = 30_000;

/**
 * Picks up a notice left by the previous page (called once when the island mounts). It is shown once:
 * the stored copy is removed, so later pages and reloads do not repeat it.
 */
export function restoreNotice(): void {
  const stored = readStored();
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
  if (stored && Date.now() - stored.id < CARRY_OVER_MS) $notice.set(stored);
}

export function dismissNotice(): void {
  $notice.set(null);
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
