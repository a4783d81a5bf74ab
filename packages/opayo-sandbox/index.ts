/** What whoever starts the Opayo sandbox uses of it: starting it, its settings, and where it shows what it holds. */
export { startPaymentSandbox } from './server.ts';
export type { PaymentSandboxConfig, RunningPaymentSandbox } from './server.ts';
export { INSPECTION_PATH } from './paths.ts';
