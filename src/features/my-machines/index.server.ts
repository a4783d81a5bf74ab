/** The door of features/my-machines for the server: what the rest of the shop may use of it that runs only in Node. */
export { carryOverMachines, changeMachines, readMachines, TooManyMachines } from './my-machines.server.ts';
export type { MachinesDeps } from './my-machines.server.ts';
