/**
 * HOOK for the lead (issue 39, "My machines"): the machines the shopper keeps, by model name ("K 5"), for
 * the parts finder's "Your machines" links (finder-mine.client.ts draws them).
 *
 * The store of My machines (src/features/my-machines/store.ts, branch fits-machines: a guest's list in this
 * browser, a customer's from Magento's `my_machines` through `/my-machines`) was not on main when the finder
 * was written; until it is wired here, the finder shows no "Your machines". The wiring meant, which keeps a
 * guest without machines from loading any of it before interaction (DESIGN.md §5):
 *
 *   if (!document.documentElement.hasAttribute('data-signed-in') &&
 *       decodeMachines(storedGuestMachines()).length === 0) return [];      // my-machines/guest.ts, machines.ts
 *   const { loadMyMachines } = await import('../my-machines/store.ts');
 *   return loadMyMachines();
 */
export function yourMachines(): Promise<readonly string[]> {
  return Promise.resolve([]);
}
