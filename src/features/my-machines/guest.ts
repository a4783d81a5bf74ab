/**
 * A guest's machines in this browser's localStorage (a JSON list of model names, oldest first), read at call
 * time, never at import. Tiny on purpose: the sign-in, in every page's shell, carries them over from here
 * (machines.ts has the full rules; the server checks every name again).
 */
import { readJson } from '@cleaning-shop/kit/reader.ts';

/** Where this browser keeps the guest's machines. */
export const MY_MACHINES_KEY = 'myMachines';

/** Names sent at sign-in: no more than the 20 a shopper keeps (machines.ts MAX_MACHINES), each a short text. */
const MAX_CARRIED = 20;
const MAX_CARRIED_NAME = 40;

/** This browser's localStorage, or undefined where there is none (the server, a private mode refusing it). */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** What is stored, as it is; null when nothing is (or there is no storage). */
export const storedGuestMachines = (): string | null => storage()?.getItem(MY_MACHINES_KEY) ?? null;

/** The names worth carrying over at sign-in (short strings, at most 20); [] when nothing readable is stored. */
export function guestMachinesToCarry(): string[] {
  const value = readJson(storedGuestMachines());
  if (!Array.isArray(value)) return [];
  return value
    .filter((name): name is string => typeof name === 'string' && name.length <= MAX_CARRIED_NAME)
    .slice(0, MAX_CARRIED);
}

/** Keeps the guest's list (an empty one leaves nothing behind). */
export function writeGuestMachines(names: readonly string[]): void {
  try {
    if (names.length > 0) storage()?.setItem(MY_MACHINES_KEY, JSON.stringify(names));
    else storage()?.removeItem(MY_MACHINES_KEY);
  } catch {
    // Storage full or refused: the list lasts for this page only.
  }
}
