/** What whoever starts the mail catcher uses of it: starting it, and its settings. */
export { startMailCatcher } from './server.ts';
export type { MailCatcherConfig, RunningMailCatcher } from './server.ts';
