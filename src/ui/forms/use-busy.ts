/**
 * One action at a time in an island (a double click must not submit twice): `start(what)` claims the
 * island and answers false while another action runs; `finish()` lets go. The claim is a ref, so a second
 * click in the same tick already sees it; `busy` (and `active`, what is running) drive disabled buttons
 * and "Saving…" labels.
 */
import { useRef, useState } from 'react';

export function useBusy<T = true>(): {
  busy: boolean;
  active: T | null;
  start: (what: T) => boolean;
  finish: () => void;
} {
  const [active, setActive] = useState<T | null>(null);
  const working = useRef(false);
  return {
    busy: active !== null,
    active,
    start: (what) => {
      if (working.current) return false;
      working.current = true;
      setActive(() => what);
      return true;
    },
    finish: () => {
      working.current = false;
      setActive(null);
    },
  };
}
