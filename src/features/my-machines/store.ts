/**
 * The shopper's machines ("My machines"), for the account, the parts finder, a product's fit check and the
 * basket: `$myMachines` (model names, e.g. ["K 5", "WD 3"]), `addMachine`, `removeMachine`.
 *
 * A guest's are kept in this browser's localStorage (guest.ts; other tabs followed through the storage event)
 * and carried over at sign-in (account/sign-in.ts); a signed-in customer's in Magento (the customer attribute
 * `my_machines`), through the storefront server's `/my-machines`. Nothing is read at import: the list is
 * loaded on first use (the store's first subscriber, `loadMyMachines`, or a change), and again when the shopper
 * signs in or out, so no page pays for it before it shows or changes machines.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { myMachinesTexts } from './texts.ts';
import { $signedIn, sessionExpired } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import { myMachinesAnswer } from './answer.ts';
import { MY_MACHINES_KEY, storedGuestMachines, writeGuestMachines } from './guest.ts';
import { customerMachinesCount } from './count.ts';
import {
  decodeMachines,
  isMachineName,
  keepsMachine,
  roomFor,
  withMachine,
  withoutMachine,
} from './machines.ts';

const $machines = atom<readonly string[] | undefined>(undefined);

/** The machine models the shopper keeps, oldest first; undefined until known (loading, or a failed read). */
export const $myMachines: ReadableAtom<readonly string[] | undefined> = $machines;

/** The server's path: GET reads the customer's machines, POST `{add?, remove?}` changes them. */
export const MY_MACHINES_PATH = '/my-machines';

/** The read under way (or done) for the current shopper; a sign-in or sign-out starts another. */
let loading: Promise<readonly string[]> | undefined;
let loadedSignedIn: boolean | undefined;

async function customerCall(body?: { add?: string[]; remove?: string[] }): Promise<readonly string[]> {
  try {
    const answer = await shopFetch(MY_MACHINES_PATH, {
      method: body ? 'POST' : 'GET',
      ...(body ? { body } : {}),
      schema: myMachinesAnswer,
    });
    customerMachinesCount.remember(answer.machines.length);
    return answer.machines;
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

/** Sets the store, unless it holds the same list already (a read again emits nothing new). */
function show(machines: readonly string[]): void {
  const shown = $machines.get();
  if (!shown || shown.length !== machines.length || shown.some((name, at) => name !== machines[at]))
    $machines.set(machines);
}

/** The shopper's machines, read once (per sign-in state); `again` reads them anew. */
export function loadMyMachines(again = false): Promise<readonly string[]> {
  const signedIn = $signedIn.get();
  if (loading && !again && loadedSignedIn === signedIn) return loading;
  loadedSignedIn = signedIn;
  const read: Promise<readonly string[]> = signedIn
    ? customerCall()
    : Promise.resolve(decodeMachines(storedGuestMachines()));
  loading = read;
  read.then(
    (machines) => {
      if (loading === read) show(machines);
    },
    () => {
      if (loading === read) loading = undefined;
    },
  );
  return read;
}

function followStorage(event: StorageEvent): void {
  if (!$signedIn.get() && (event.key === MY_MACHINES_KEY || event.key === null))
    void loadMyMachines(true).catch(() => undefined);
}

// The first subscriber loads the list; it is read again on sign-in and sign-out, and a guest's follows other tabs.
onMount($machines, () => {
  const unbind = $signedIn.listen(() => {
    $machines.set(undefined);
    void loadMyMachines(true).catch(() => undefined);
  });
  void loadMyMachines().catch(() => undefined);
  if (typeof window !== 'undefined') window.addEventListener('storage', followStorage);
  return () => {
    unbind();
    if (typeof window !== 'undefined') window.removeEventListener('storage', followStorage);
  };
});

/** The list a change starts from: a guest's as this browser now keeps it (another tab may have changed it). */
const beforeChange = (): Promise<readonly string[]> => loadMyMachines(!$signedIn.get());

/** Makes `next` the list: kept in this browser for a guest, or sent to Magento for a customer. */
async function change(
  next: (current: readonly string[]) => readonly string[],
  body: { add?: string[]; remove?: string[] },
): Promise<readonly string[]> {
  const current = await beforeChange();
  let machines: readonly string[];
  if ($signedIn.get()) machines = await customerCall(body);
  else {
    machines = next(current);
    writeGuestMachines(machines);
  }
  loading = Promise.resolve(machines);
  show(machines);
  return machines;
}

/**
 * Keeps the machine model `name` (e.g. "K 5"); a model kept already (however typed) changes nothing. Throws a
 * ShopApiError with a message for the shopper when the name is not a model's, the list is full, or the change
 * could not be kept.
 */
export async function addMachine(name: string): Promise<readonly string[]> {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!isMachineName(trimmed)) throw new ShopApiError(400, myMachinesTexts.badName);
  const current = await beforeChange();
  if (keepsMachine(current, trimmed)) return current;
  if (!roomFor([...current, trimmed])) throw new ShopApiError(400, myMachinesTexts.full);
  return change((list) => withMachine(list, trimmed), { add: [trimmed] });
}

/** No longer keeps the machine model `name` (however typed); one not kept changes nothing. */
export async function removeMachine(name: string): Promise<readonly string[]> {
  const current = await beforeChange();
  if (!keepsMachine(current, name)) return current;
  return change((list) => withoutMachine(list, name), { remove: [name] });
}
