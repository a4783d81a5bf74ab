/**
 * A signed-in customer's machines in Magento, as the storefront server reads and changes them: the customer
 * attribute `my_machines` (labels joined by ", "), in the `custom_attributes` of the customer the session's own
 * token names (`GET /V1/customers/me`). Magento's `PUT /V1/customers/me` saves the customer it is given
 * (CustomerRepository::save): a change sends back the customer as it was just read, every field and address
 * included, with only `my_machines` changed, so nothing else of the customer is lost.
 */
import { z } from 'zod';
import { MagentoApiError, magentoFetch, type MagentoClientConfig } from '../../magento/client.ts';
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

/** Magento ran `customers/me` as nobody: the session's token expired or was revoked. */
export class MachinesSessionEnded extends Error {
  constructor() {
    super("Magento no longer accepts the session's customer token");
    this.name = 'MachinesSessionEnded';
  }
}

/** The change would make the list longer than a shopper may keep (roomFor). */
export class TooManyMachines extends Error {
  constructor(count: number) {
    super(`${count} machines: more than there is room for`);
    this.name = 'TooManyMachines';
  }
}

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
    if (error instanceof MagentoApiError && error.status === 401) throw new MachinesSessionEnded();
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

/** Writes what `next` makes of the customer's machines (nothing when it changes nothing); answers what Magento keeps. */
async function saveMachines(
  magento: MagentoClientConfig,
  token: string,
  next: (current: readonly string[]) => string[],
): Promise<string[]> {
  const customer = await readCustomer(magento, token);
  const current = machinesOf(customer);
  const machines = next(current);
  if (joinMachines(machines) === joinMachines(current)) return current;
  const saved = await asCustomer(() =>
    magentoFetch(magento, {
      method: 'PUT',
      path: '/customers/me',
      body: { customer: withMachines(customer, machines) },
      schema: customerWithAttributesSchema,
      token,
    }),
  );
  return machinesOf(saved);
}

/**
 * Removes, then adds machines; answers the list as Magento then keeps it. Throws TooManyMachines when there
 * is no room for them (roomFor).
 */
export const changeMachines = (
  magento: MagentoClientConfig,
  token: string,
  change: MachinesChange,
): Promise<string[]> =>
  saveMachines(magento, token, (current) => {
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
  magento: MagentoClientConfig,
  token: string,
  guest: readonly string[],
): Promise<string[]> => saveMachines(magento, token, (current) => mergedMachines(current, guest));
