/**
 * A header count last read in this browser session (the basket's, the customer's wish list's), kept in
 * sessionStorage under `key`: a page whose own read fails shows it rather than a made-up 0. Storage that
 * is unavailable keeps nothing, and a stored value that is not a whole number reads as unknown.
 */
export function sessionCount(key: string) {
  return {
    remember(count: number): void {
      try {
        sessionStorage.setItem(key, String(count));
      } catch {
        // storage unavailable: the count still shows on this page
      }
    },
    /** The count last remembered; undefined if none or corrupt. */
    recall(): number | undefined {
      try {
        const stored = sessionStorage.getItem(key);
        return stored !== null && /^\d+$/.test(stored) ? Number(stored) : undefined;
      } catch {
        return undefined;
      }
    },
    forget(): void {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // storage unavailable: nothing was kept
      }
    },
  };
}
