/** A warm renderer's job (src/publish/render/warm-messages.ts) for the tests of its messages, changed as a test needs. */
import type { WarmJob } from '../../src/publish/render/warm.ts';

export const warmJob = (changes: Partial<WarmJob> = {}): WarmJob => ({
  dir: '/nowhere/dist.builds/2',
  live: '/nowhere/dist',
  pricedAt: 0,
  shop: {
    name: 'Shop',
    phone: '0800 000 0000',
    orderPhone: '0800 000 0001',
    email: 'shop@example.com',
    address: 'Leeds',
    siteUrl: 'http://localhost:4321',
    analyticsTag: null,
    policyVersion: '2022-02',
  },
  levels: { brotli: 6, gzip: 6 },
  secrets: [],
  ...changes,
});
