/**
 * An editor's calls to the embedded back end's admin API, as Magento's admin would make them, and the
 * journeys' back-end calls as the integration (placing and invoicing test orders).
 */
import { expect } from '@playwright/test';
import { asIntegration, MAGENTO } from './checkout.ts';

const ADMIN = { username: 'admin', password: 'Admin123!' };

/**
 * Signs in as the demo admin and makes one admin REST call; a refusal fails the journey with Magento's
 * answer. `store: 'all'` calls `/rest/all/V1`, where a CMS block saved stays in All Store Views (Magento
 * moves one saved through `/rest/V1` to the default store view).
 */
export async function admin(
  path: string,
  init: { method: string; body?: unknown; store?: 'all' },
): Promise<unknown> {
  const token = (await (
    await fetch(`${MAGENTO}/rest/V1/integration/admin/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as string;
  const response = await fetch(`${MAGENTO}/rest${init.store ? `/${init.store}` : ''}/V1${path}`, {
    method: init.method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await response.json();
  expect(response.ok, JSON.stringify(body)).toBe(true);
  return body;
}

/** Stands for the integration where the back-end helpers take a token: the call is signed with OAuth instead. */
export const INTEGRATION = 'the integration, signed';

/** The e2e shop's embedded back end, called as the tests' back-end helpers call theirs. */
export const backEnd = {
  async call(method: string, path: string, options: { token?: string | undefined; body?: unknown } = {}) {
    const url = `${MAGENTO}${path}`;
    const response = await fetch(url, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(options.token === INTEGRATION
          ? asIntegration(method, url)
          : options.token
            ? { Authorization: `Bearer ${options.token}` }
            : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
  },
};
