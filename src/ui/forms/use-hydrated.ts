/**
 * False on the server and in the first client render, true after mounting. Islands whose output depends
 * on browser state (localStorage, the URL) render the server's markup until then, so hydration matches.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
