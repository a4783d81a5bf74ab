/**
 * The child that builds the renderer's bundle (bundle-build.ts): its one message parsed, Astro's build of
 * the project with no catalogue page, the prerender bundle kept where the message says; then it exits.
 */
import { indexCatalogue, parseWrittenSnapshot } from '../../catalogue/snapshot.ts';
import { handOff, keepBundleIn } from '../../site/handoff.ts';
import { bundleOrderSchema, type BundleOrder } from './bundle-build.ts';

async function buildKept(order: BundleOrder): Promise<void> {
  const structure = parseWrittenSnapshot(order.structure).catalogue;
  if (!structure) throw new Error('The catalogue handed to the bundle build is not one.');
  const { build } = await import('astro');
  handOff({
    index: indexCatalogue(structure, { at: order.pricedAt }),
    shop: order.shop,
    render: new Set(),
    data: false,
  });
  keepBundleIn(order.keepIn);
  await build({ root: order.root, outDir: order.outDir, logLevel: 'error' });
}

process.once('message', (message: unknown) => {
  const parsed = bundleOrderSchema.safeParse(message);
  const done = parsed.success
    ? buildKept(parsed.data)
    : Promise.reject(new Error(`The bundle build's order did not parse: ${parsed.error.message}`));
  done.then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(1));
