/** The door of features/my-machines: what the rest of the shop may use of it (eslint/doors.js). */
export type { YourFits } from './basket-fits.ts';
export { customerMachinesCount } from './count.ts';
export { MY_MACHINES_KEY, writeGuestMachines } from './guest.ts';
export { knownMachineCount } from './hint.ts';
export { isMachineName, MAX_MACHINE_NAME, MAX_MACHINES } from './machines.ts';
export { machinesSignIn } from './sign-in-hooks.ts';
export { $myMachines, loadMyMachines } from './store.ts';
export { myMachinesTexts } from './texts.ts';
export { basketFits, machinesStore } from './lazy.ts';
