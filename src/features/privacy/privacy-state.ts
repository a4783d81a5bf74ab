/**
 * Whether the shopper accepted cookies, kept in localStorage under `privacy` as the spec says ('true'
 * once accepted). Read tolerantly: any other value, corrupt or missing, counts as not accepted.
 */
import { persistentAtom } from '@nanostores/persistent';

export const PRIVACY_KEY = 'privacy';

/** The stored value means "accepted" only when it is exactly 'true'. */
export const decodePrivacy = (stored: string): boolean => stored === 'true';

export const $privacy = persistentAtom<boolean>(PRIVACY_KEY, false, {
  encode: (accepted) => (accepted ? 'true' : 'false'),
  decode: decodePrivacy,
});

export function acceptCookies(): void {
  $privacy.set(true);
}
