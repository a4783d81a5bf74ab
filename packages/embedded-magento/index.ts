/** What whoever starts the embedded Magento back end uses of it: starting it, its settings and their defaults. */
export { startEmbeddedMagento } from './server.ts';
export type { EmbeddedMagentoConfig, RunningMagento } from './server.ts';
export { DEFAULT_STORE_CONTACT } from './email/message.ts';
export type { DemoBlock, DemoBlocks } from './seed/cms-blocks.ts';
