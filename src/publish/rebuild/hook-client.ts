/**
 * Sends the signed rebuild hook, as a back end does after an editor's save. Fire and forget: the save that
 * triggered it never waits for or fails because of the storefront.
 */
import { randomUUID } from 'node:crypto';
import type { MagentoSettings, PublishingSettings, ShopSettings } from '../../config/env.ts';
import type { OnSaved, SavedEntity } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { rebuildHookUrl, rebuildSecret } from '../../config/publishing.ts';
import { signRebuildRequest } from './signature.ts';

export interface RebuildHookTarget {
  /** The storefront's hook, e.g. `http://127.0.0.1:4321/rebuild`. */
  readonly url: string;
  readonly secret: string;
  readonly timeoutMs?: number;
}

/** What the hook's body may say; every field is optional and only informs the status page. */
export interface RebuildHookPayload {
  readonly reason?: string;
  readonly skus?: readonly string[];
  /** This one event's name: the same request sent twice (to every replica, retried) is one event. */
  readonly id?: string;
}

/** Posts one signed hook request and resolves with the HTTP status (202 when accepted). */
export async function postRebuildHook(
  target: RebuildHookTarget,
  payload: RebuildHookPayload,
): Promise<number> {
  const body = JSON.stringify(payload);
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...signRebuildRequest(target.secret, body) },
    body,
    signal: AbortSignal.timeout(target.timeoutMs ?? 5000),
  });
  await response.body?.cancel();
  return response.status;
}

/** What the hook is told of a save: the product's sku, or no sku for content (the pages say which blocks). */
export function savePayload(saved: SavedEntity): RebuildHookPayload {
  if (saved.entity === 'cms-block')
    return { reason: `CMS block ${saved.identifier} ${saved.deleted ? 'deleted' : 'saved'}` };
  return saved.sku
    ? { reason: `product ${saved.sku} saved`, skus: [saved.sku] }
    : { reason: 'a product was saved' };
}

/**
 * A callback for an admin save (a product, or a CMS block) that posts the hook in the background and only
 * logs a failure.
 */
export function saveNotifier(
  target: RebuildHookTarget,
  log: (message: string) => void = () => undefined,
): OnSaved {
  return (saved) => {
    // Each save its own event: the hook's replay list takes two equal bodies signed in the same second for
    // one request sent twice, and a product saved twice within a second would have its second save dropped.
    const payload = { ...savePayload(saved), id: randomUUID() };
    postRebuildHook(target, payload).then(
      (status) => {
        if (status !== 202) log(`Rebuild hook ${target.url} answered ${status} (${payload.reason}).`);
      },
      (error: unknown) =>
        log(
          `Rebuild hook ${target.url} not reached (${payload.reason}): ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
  };
}

/**
 * What a back end started beside the shop is given so that an admin save (a product, a CMS block) rebuilds
 * the site: the notifier when the hook is on (a rebuild secret is set), nothing otherwise.
 */
export function rebuildOnSave(
  env: Pick<PublishingSettings, 'REBUILD_SECRET' | 'REBUILD_HOOK_URL'> &
    Pick<MagentoSettings, 'MAGENTO_URL'> &
    Pick<ShopSettings, 'SITE_URL'>,
  log?: (message: string) => void,
): { onSaved?: OnSaved } {
  const secret = rebuildSecret(env);
  return secret ? { onSaved: saveNotifier({ url: rebuildHookUrl(env), secret }, log) } : {};
}
