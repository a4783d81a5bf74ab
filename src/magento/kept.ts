/**
 * What is read from Magento and kept a while: one read at a time (callers meanwhile share it), its answer
 * kept `keepMs` from when it was asked; a failed read is not kept, so the next call asks again.
 */
export function keptFor<T>(keepMs: number, read: () => Promise<T>): () => Promise<T> {
  let hit: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (hit && performance.now() - hit.at < keepMs) return hit.value;
    const value = read();
    const asked = { at: performance.now(), value };
    hit = asked;
    value.catch(() => {
      if (hit === asked) hit = undefined;
    });
    return value;
  };
}
