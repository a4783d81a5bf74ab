/**
 * The shop for the end-to-end tests (Playwright's webServer): `npm start` on its own ports and folders
 * under var/e2e, with a fresh back-end database each run (the generated pictures are kept), so journeys
 * never see a developer's carts or customers.
 */
import { rmSync } from 'node:fs';

const DIR = 'var/e2e';
rmSync(`${DIR}/magento.sqlite`, { force: true });
rmSync(`${DIR}/magento.sqlite-wal`, { force: true });
rmSync(`${DIR}/magento.sqlite-shm`, { force: true });

Object.assign(process.env, {
  EMBEDDED_MAGENTO_PORT: '18081',
  EMBEDDED_MAGENTO_DB: `${DIR}/magento.sqlite`,
  EMBEDDED_MAGENTO_MEDIA: `${DIR}/media`,
  CATALOGUE_SNAPSHOT: `${DIR}/catalogue.json`,
  IMAGE_CACHE_DIR: `${DIR}/image-cache`,
  PORT: '14321',
  SITE_URL: 'http://127.0.0.1:14321',
});
delete process.env['MAGENTO_URL'];
process.argv = [process.argv[0] ?? 'node', 'scripts/start.ts', '--dist', `${DIR}/dist`];
await import('./start.ts');
