/**
 * The machines the shopper keeps ("My machines": a guest's in this browser, a customer's in Magento), by
 * model name ("K 5"), for the parts finder's "Your machines" links (finder-mine.client.ts draws them).
 * The store (my-machines/store.ts) and a customer's read through `/my-machines` load only for a shopper who
 * may have machines (my-machines/hint.ts): a guest whose browser keeps some, or a customer whose count this
 * session has not read as none. Any other shopper's page loads none of it (DESIGN.md §5: the finder's script
 * before interaction).
 */
import { $signedIn } from '../account/index.ts';
import { knownMachineCount, machinesStore } from '../my-machines/index.ts';

export async function yourMachines(): Promise<readonly string[]> {
  if (knownMachineCount($signedIn.get()) === 0) return [];
  const { loadMyMachines } = await machinesStore();
  return loadMyMachines();
}
