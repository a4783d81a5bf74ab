/**
 * A signed-in customer's machines in Magento, as the storefront server reads and changes them: the customer
 * attribute `my_machines` (labels joined by ", "), in the `custom_attributes` of the customer the session's own
 * token names (`GET /V1/customers/me`). Magento's `PUT /V1/customers/me` saves the customer it is given
 * (CustomerRepository::save): a change sends back the customer as it was just read, every field and address
 * included, with only `my_machines` changed, so nothing else of the customer is lost.
 *
 * Magento saves whatever it is sent, with no check that it is the customer as last read, so two changes
 * made together would each save their own reading and one would be lost. A change therefore holds the
 * customer's lock among every replica (`my-machines:{customer id}`) from its reading to its save; a second
 * change waits its turn (up to LOCK_WAIT_MS) and then reads what the first saved.
 */
import { shellTexts } from '../shell/index.ts';
import { SessionEnded } from '../../http/index.ts';
import { z } from 'zod';
import { MagentoApiError, magentoFetch, type MagentoClientConfig } from '../../magento/client.ts';
import { lockWithin, type TryLock } from '../../store/locks.ts';
import { customerSchema } from '../../magento/wire/customer.ts';
import {
  distinctMachines,
  joinMachines,
  mergedMachines,
  MY_MACHINES_ATTRIBUTE,
  roomFor,
  splitMachines,
  withoutMachine,
} from './machines.ts';

/** A customer's custom attribute as Magento's REST gives it; values other than text are kept as they came. */
const customAttributeSchema = z.looseObject({
  attribute_code: z.string(),
  value: z.unknown(),
});

/** The customer with its custom attributes (Magento leaves out those without a value). */
export const customerWithAttributesSchema = customerSchema.extend({
  custom_attributes: z.array(customAttributeSchema).nullable().optional(),
});
type CustomerWithAttributes = z.infer<typeof customerWithAttributesSchema>;

/** The change would make the list longer than a shopper may keep (roomFor). */
export class TooManyMachines extends Error {
  constructor(count: number) {
    super(`${count} machines: more than there is room for`);
    this.name = 'TooManyMachines';
  }
}

/** Another change of the customer's machines held their lock for longer than a change waits. */
export class MachinesBusy extends Error {
  constructor(customerId: number) {
    super(`customer ${customerId}'s machines are being changed by another request`);
    this.name = 'MachinesBusy';
  }
}

/** Where the machines are kept: Magento with the session's token, and the lock changes take their turns by. */
export interface MachinesDeps {
  readonly magento: MagentoClientConfig;
  readonly lock: TryLock;
}

/** How long a change waits for another change of the same customer's machines. */
const LOCK_WAIT_MS = 5_000;

export interface MachinesChange {
  /** Model names to keep (those kept already, however typed, change nothing). */
  readonly add?: readonly string[];
  /** Model names to keep no longer (however typed). */
  readonly remove?: readonly string[];
}

/** The machines in the customer's `my_machines`; none when it is absent or not text. */
export function machinesOf(customer: CustomerWithAttributes): string[] {
  const attribute = customer.custom_attributes?.find(
    ({ attribute_code: code }) => code === MY_MACHINES_ATTRIBUTE,
  );
  return typeof attribute?.value === 'string' ? splitMachines(attribute.value) : [];
}

/** The customer as read, with `my_machines` holding `machines` (and every other custom attribute as it was). */
export function withMachines(customer: CustomerWithAttributes, machines: readonly string[]) {
  const others = (customer.custom_attributes ?? []).filter(
    ({ attribute_code: code }) => code !== MY_MACHINES_ATTRIBUTE,
  );
  return {
    ...customer,
    custom_attributes: [...others, { attribute_code: MY_MACHINES_ATTRIBUTE, value: joinMachines(machines) }],
  };
}

async function asCustomer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401)
      throw new SessionEnded(shellTexts.sessionEnded);
    throw error;
  }
}

const readCustomer = (magento: MagentoClientConfig, token: string) =>
  asCustomer(() =>
    magentoFetch(magento, { path: '/customers/me', schema: customerWithAttributesSchema, token }),
  );

/** The customer's machines, oldest first. */
export async function readMachines(magento: MagentoClientConfig, token: string): Promise<string[]> {
  return machinesOf(await readCustomer(magento, token));
}

/**
 * Writes what `next` makes of the customer's machines (nothing when it changes nothing), holding the
 * customer's lock from the reading to the save; answers what Magento keeps.
 */
async function saveMachines(
  deps: MachinesDeps,
  token: string,
  next: (current: readonly string[]) => string[],
): Promise<string[]> {
  const { id } = await readCustomer(deps.magento, token);
  const held = await lockWithin(deps.lock, `my-machines:${id}`, LOCK_WAIT_MS);
  if (!held) throw new MachinesBusy(id);
  try {
    const customer = await readCustomer(deps.magento, token);
    const current = machinesOf(customer);
    const machines = next(current);
    if (joinMachines(machines) === joinMachines(current)) return current;
    const saved = await asCustomer(() =>
      magentoFetch(deps.magento, {
        method: 'PUT',
        path: '/customers/me',
        body: { customer: withMachines(customer, machines) },
        schema: customerWithAttributesSchema,
        token,
      }),
    );
    return machinesOf(saved);
  } finally {
    await held.release();
  }
}

/**
 * Removes, then adds machines; answers the list as Magento then keeps it. Throws TooManyMachines when there
 * is no room for them (roomFor).
 */
export const changeMachines = (
  deps: MachinesDeps,
  token: string,
  change: MachinesChange,
): Promise<string[]> =>
  saveMachines(deps, token, (current) => {
    const kept = (change.remove ?? []).reduce(withoutMachine, current);
    const machines = distinctMachines([...kept, ...(change.add ?? [])]);
    if (!roomFor(machines)) throw new TooManyMachines(machines.length);
    return machines;
  });

/**
 * A guest's machines carried over at sign-in: those the customer does not keep yet go after theirs, as many
 * as the list has room for. Answers the customer's list.
 */
export const carryOverMachines = (
  deps: MachinesDeps,
  token: string,
  guest: readonly string[],
): Promise<string[]> => saveMachines(deps, token, (current) => mergedMachines(current, guest));
