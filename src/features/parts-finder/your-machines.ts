/**
 * HOOK for the lead (issue 39, "My machines"): the machines the shopper keeps, by model name ("K 5"),
 * for the parts finder's "Your machines" links. The store of My machines (src/features/my-machines/, branch
 * fits-machines: a guest's list in this browser, a customer's from Magento's `my_machines`) was not on main
 * when the finder was written; until it is wired here, the finder shows no "Your machines".
 */
export function yourMachines(): Promise<readonly string[]> {
  return Promise.resolve([]);
}
