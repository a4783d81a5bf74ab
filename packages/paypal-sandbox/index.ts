/** What whoever starts the PayPal sandbox uses of it: starting it, its settings, and where it shows what it holds. */
export { startPayPalSandbox } from './server.ts';
export type { PayPalSandboxConfig, RunningPayPalSandbox } from './server.ts';
export { INSPECTION_PATH } from './inspection.ts';
