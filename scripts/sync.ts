/** `npm run sync`: read the catalogue from Magento into the snapshot the build renders. */
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { CatalogueLoadError } from '../src/catalogue/load.ts';
import { syncCatalogue } from '../src/catalogue/sync.ts';

try {
  const config = loadConfig();
  const result = await syncCatalogue({ ...config.magento, ...config.embedded, ...config.shop }, (message) =>
    console.info(message),
  );
  console.info(
    `Catalogue: ${result.products} products${result.problems.length ? `, ${result.problems.length} left out` : ''}; ${result.changed ? 'snapshot updated' : 'unchanged'} (${result.file})`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof CatalogueLoadError ? error.message : error);
  process.exit(1);
}
