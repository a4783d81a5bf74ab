/**
 * What the booking form fills in for a signed-in customer: their name, e-mail and phone, the address of
 * their default delivery address (else billing) to collect from, and their machines (My machines). A
 * guest, or an account that cannot be read, starts with an empty form: the shopper types it.
 */
import { fetchCustomer, defaultAddress } from '../account/index.ts';
import { loadMyMachines } from '../my-machines/index.ts';

export interface Prefill {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
  readonly machines: readonly string[];
}

export const EMPTY_PREFILL: Prefill = {
  name: '',
  email: '',
  phone: '',
  street: '',
  city: '',
  postcode: '',
  machines: [],
};

/** The signed-in customer's details for the form; what cannot be read stays empty. */
export async function accountPrefill(): Promise<Prefill> {
  const [customer, machines] = await Promise.all([
    fetchCustomer().catch(() => undefined),
    loadMyMachines().catch(() => [] as readonly string[]),
  ]);
  if (!customer) return { ...EMPTY_PREFILL, machines };
  const address = defaultAddress(customer, 'shipping') ?? defaultAddress(customer, 'billing');
  return {
    name: [customer.firstname, customer.lastname].filter(Boolean).join(' '),
    email: customer.email ?? '',
    phone: address?.telephone ?? '',
    street: address?.street?.filter(Boolean).join(', ') ?? '',
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    machines,
  };
}
