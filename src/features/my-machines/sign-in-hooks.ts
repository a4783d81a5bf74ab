/**
 * My machines' part of signing in (account/session.ts `SignInHooks`): the guest's machines go with the
 * sign-in to be carried over into the customer's; once the answer names the customer's machines, the
 * guest's list is forgotten and their count remembered. Loaded with the sign-in form only.
 */
import type { SignInHooks } from '../account/index.ts';
import { customerMachinesCount } from './count.ts';
import { guestMachinesToCarry, writeGuestMachines } from './guest.ts';

export const machinesSignIn: SignInHooks = {
  carry: () => {
    const machines = guestMachinesToCarry();
    return machines.length > 0 ? { machines } : {};
  },
  taken: (reply) => {
    // The guest's machines are the customer's now (the answer names the customer's machines).
    const kept = reply['machines'];
    if (Array.isArray(kept)) {
      writeGuestMachines([]);
      customerMachinesCount.remember(kept.length);
    } else customerMachinesCount.forget();
  },
};
