/**
 * Astro's sessions are off (astro.config.mjs): left unset, the node adapter turns on a session driver
 * that keeps sessions in files under node_modules/.astro, private to one replica and wiped by
 * `npm install`. Nothing in the shop uses Astro.session; off, nothing can be kept per replica by mistake.
 */
import type { AstroIntegration } from 'astro';
import { expect, it } from 'vitest';
import config from '../../astro.config.mjs';

type ConfigSetup = NonNullable<AstroIntegration['hooks']['astro:config:setup']>;

/** What the adapter's set-up hook changes in the config, given this shop's config. */
async function adapterUpdates(): Promise<Record<string, unknown>[]> {
  const setup = config.adapter?.hooks['astro:config:setup'];
  if (!setup) throw new Error('astro.config.mjs has no adapter with a set-up hook.');
  const updates: Record<string, unknown>[] = [];
  const options = {
    // The parts of the resolved config the node adapter reads; the rest of the hook's options are unused.
    config: {
      ...config,
      cacheDir: new URL('file:///tmp/astro-cache/'),
      image: { endpoint: {} },
      build: {},
      server: {},
    },
    updateConfig: (update: Record<string, unknown>) => updates.push(update),
    logger: { info: () => undefined },
    command: 'build',
  };
  await setup(options as unknown as Parameters<ConfigSetup>[0]);
  return updates;
}

it('switches Astro sessions off, and the node adapter adds no session driver of its own', async () => {
  expect(config.session).toBe(false);
  const updates = await adapterUpdates();
  expect(updates.length).toBeGreaterThan(0);
  for (const update of updates) expect(update['session'] ?? false).toBe(false);
});
