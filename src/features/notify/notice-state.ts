/**
 * Notifications (DESIGN.md §3 replaces the spec's alert()s): one message at a time, shown by the header's
 * notification area (Notifications.astro) with role=status (or alert for problems). A message can be
 * carried to the page that follows it (account created → sign-in page): it is kept in sessionStorage with
 * the path it is meant for, and shown only there, only just after, and only if that page has not had news
 * of its own by then. Everything runs on every page, so nothing here loads zod.
 */
import { atom } from 'nanostores';
import { asString, isRecord, readJson } from '@cleaning-shop/kit/reader.ts';

export type Tone = 'status' | 'alert';
export interface Notice {
  text: string;
  tone: Tone;
  /** Increases with every notice, so the same text twice is announced twice. */
  id: number;
}

/** A notice kept for the page it is meant for. */
interface CarriedNotice extends Notice {
  path: string;
}

const KEY = 'notice';
/** A carried notice older than this was not followed by its page straight away: it is dropped. */
const CARRY_OVER_MS = 30_000;

export const $notice = atom<Notice | null>(null);

let lastId = 0;
/** Ids keep increasing even within one millisecond. */
const nextId = (): number => (lastId = Math.max(Date.now(), lastId + 1));

function forget(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** What `notify` kept; anything else found under the key (corrupt, older format) reads as nothing. */
function readCarried(): CarriedNotice | null {
  let kept: string | null;
  try {
    kept = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  const stored = readJson(kept);
  if (!isRecord(stored)) return null;
  const text = asString(stored['text']);
  const path = asString(stored['path']);
  const { tone, id } = stored;
  if (text === undefined || path === undefined || (tone !== 'status' && tone !== 'alert')) return null;
  if (typeof id !== 'number') return null;
  return { text, tone, id, path };
}

/**
 * Shows `text` now. With `carryTo`, the page the shopper is about to be sent to shows it too, on arrival
 * (and no other page: a notice never turns up on a page it was not meant for).
 */
export function notify(text: string, tone: Tone = 'status', options: { carryTo?: string } = {}): void {
  const notice: Notice = { text, tone, id: nextId() };
  $notice.set(notice);
  try {
    if (options.carryTo === undefined) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify({ ...notice, path: options.carryTo }));
  } catch {
    // storage unavailable (private mode): the notice still shows on this page
  }
}

/**
 * On arrival: shows the notice carried to this page, once (the stored copy is removed, so reloads and
 * later pages do not repeat it). A notice this page already gave wins over one carried from before.
 */
export function restoreNotice(path: string = window.location.pathname): void {
  const carried = readCarried();
  forget();
  if (!carried || carried.path !== path || Date.now() - carried.id > CARRY_OVER_MS) return;
  if ($notice.get()) return;
  const { text, tone, id } = carried;
  $notice.set({ text, tone, id });
}

export function dismissNotice(): void {
  $notice.set(null);
  forget();
}
