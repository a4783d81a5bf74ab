/**
 * The publishing settings that have a value of their own when unset: the rebuild hook's secret and the
 * status page's password (the embedded setup's demo values, or off with a real Magento), and where the
 * embedded back end posts the hook.
 */
import type { MagentoSettings, PublishingSettings, ShopSettings } from './env.ts';

/** The embedded setup's demo secret (README, "Demo credentials"); never used with a real Magento. */
export const DEMO_REBUILD_SECRET = 'embedded-demo-rebuild-secret';

/** The embedded setup's demo password of the status page (README, "Demo credentials"). */
export const DEMO_STATUS_PASSWORD = 'embedded-demo-status-password';

/** REBUILD_STATUS_PASSWORD; with the embedded back end the demo password; undefined (page off) otherwise. */
export const statusPassword = (
  env: Pick<PublishingSettings, 'REBUILD_STATUS_PASSWORD'> & Pick<MagentoSettings, 'MAGENTO_URL'>,
): string | undefined => env.REBUILD_STATUS_PASSWORD ?? (env.MAGENTO_URL ? undefined : DEMO_STATUS_PASSWORD);

/** REBUILD_SECRET; with the embedded back end the demo secret; undefined (hook off) otherwise. */
export const rebuildSecret = (
  env: Pick<PublishingSettings, 'REBUILD_SECRET'> & Pick<MagentoSettings, 'MAGENTO_URL'>,
): string | undefined => env.REBUILD_SECRET ?? (env.MAGENTO_URL ? undefined : DEMO_REBUILD_SECRET);

/** Where the embedded back end posts the hook: REBUILD_HOOK_URL, else the storefront's `/rebuild`. */
export const rebuildHookUrl = (
  env: Pick<PublishingSettings, 'REBUILD_HOOK_URL'> & Pick<ShopSettings, 'SITE_URL'>,
): string => env.REBUILD_HOOK_URL ?? `${env.SITE_URL}/rebuild`;
