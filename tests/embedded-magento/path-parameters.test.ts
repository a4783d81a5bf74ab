/**
 * A service's own parameter of the wrong type (path or query) answers the type processor's bare message:
 * `ServiceInputProcessor::process()` rethrows it as a new phrase, without the `Error occurred during "…"
 * processing.` prefix, which only a DTO's field gets (issue 25).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN })).body as string;
});
afterAll(() => backend.stop());

const bare = (value: string, type: string) =>
  `The "${value}" value's type is invalid. The "${type}" type was expected. Verify and try again.`;

describe('path and query parameters of the wrong type', () => {
  it('GET /V1/carts/{cartId} with a masked id (admin token) answers the bare message', async () => {
    const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
    expect(masked).toMatch(/^[A-Za-z0-9]{32}$/);
    expectError(
      await backend.call('GET', `/rest/V1/carts/${masked}`, { token: admin }),
      400,
      bare(masked, 'int'),
    );
  });

  it('does the same for a category id in the path and a depth in the query', async () => {
    expectError(
      await backend.call('GET', '/rest/V1/categories/abc', { token: admin }),
      400,
      bare('abc', 'int'),
    );
    expectError(
      await backend.call('GET', '/rest/V1/categories?depth=deep', { token: admin }),
      400,
      bare('deep', 'int'),
    );
  });

  it('keeps the prefix for a field inside a DTO', async () => {
    const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${masked}/items`, {
      body: { cartItem: { sku: 'anything', qty: 'abc', quote_id: masked } },
    });
    expectError(reply, 400, `Error occurred during "qty" processing. ${bare('abc', 'float')}`);
  });
});
