/**
 * The shop for the end-to-end tests (Playwright's webServer): `npm start` on its own ports and folders
 * under var/e2e, with a fresh back-end database and payment sandbox each run (the generated pictures
 * are kept), so journeys never see a developer's carts, customers or payments.
 */
import { rmSync } from 'node:fs';

const DIR = 'var/e2e';
rmSync(`${DIR}/magento.sqlite`, { force: true });
rmSync(`${DIR}/magento.sqlite-wal`, { force: true });
rmSync(`${DIR}/magento.sqlite-shm`, { force: true });
rmSync(`${DIR}/payments`, { recursive: true, force: true });
rmSync(`${DIR}/payment-sandbox`, { recursive: true, force: true });

Object.assign(process.env, {
  EMBEDDED_MAGENTO_PORT: '18081',
  EMBEDDED_MAGENTO_DB: `${DIR}/magento.sqlite`,
  EMBEDDED_MAGENTO_MEDIA: `${DIR}/media`,
  CATALOGUE_SNAPSHOT: `${DIR}/catalogue.json`,
  IMAGE_CACHE_DIR: `${DIR}/image-cache`,
  PAYMENT_SANDBOX_PORT: '18091',
  PAYMENT_SANDBOX_DB: `${DIR}/payment-sandbox/sandbox.sqlite`,
  PAYMENTS_DB: `${DIR}/payments/payments.sqlite`,
  PORT: '14321',
  SITE_URL: 'http://127.0.0.1:14321',
});
// The embedded Magento and payment sandbox, never a configured real one.
delete process.env['MAGENTO_URL'];
delete process.env['OPAYO_REGISTRATION_URL'];
delete process.env['PAYMENT_NOTIFICATION_BASE_URL'];
process.argv = [process.argv[0] ?? 'node', 'scripts/start.ts', '--dist', `${DIR}/dist`];
await import('./start.ts');
