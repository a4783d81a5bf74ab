/** The doors rule (eslint/doors.js): which paths into another feature's folder lint lets through. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { doorProblem } from '../../../eslint/doors.js';

const src = (path: string) => resolve(import.meta.dirname, '../../../src', path);
const problem = (from: string, to: string, bare = false) => doorProblem(src(from), src(to), bare);

describe('a path into another feature', () => {
  it('goes through its door: index.ts, index.client.ts or index.server.ts', () => {
    expect(problem('features/wishlist/customer.ts', 'features/cart/index.ts')).toBeUndefined();
    expect(problem('components/shell/shell.client.ts', 'components/trade/index.client.ts')).toBeUndefined();
    expect(problem('server/shopper/orders.ts', 'features/orders/index.server.ts')).toBeUndefined();
  });

  it('is refused past the door, naming the door to use', () => {
    expect(problem('features/wishlist/customer.ts', 'features/cart/cart-state.ts')).toBe(
      "features/cart/cart-state.ts is features/cart's own: take what it lends through its door (features/cart/index.ts, index.client.ts or index.server.ts), or name it there.",
    );
    expect(problem('pages/index.astro', 'components/home/content.ts')).toMatch(/components\/home's own/);
    expect(problem('server/app.ts', 'features/account/session.ts')).toMatch(/features\/account's own/);
  });

  it('may place a component, or attach a folder’s script or stylesheet, but not import its code', () => {
    expect(problem('pages/compare.astro', 'components/compare/ComparePage.astro')).toBeUndefined();
    expect(problem('pages/index.astro', 'components/shell/Base.tsx')).toBeUndefined();
    expect(problem('pages/compare.astro', 'components/compare/compare.css', true)).toBeUndefined();
    expect(problem('layouts/Base.astro', 'components/shell/shell.client.ts', true)).toBeUndefined();
    expect(problem('layouts/Base.astro', 'components/shell/shell.client.ts')).toMatch(/own/);
    expect(problem('pages/index.astro', 'components/home/helper.tsx')).toMatch(/own/);
  });

  it('is free within one feature, across its features/ and components/ folders', () => {
    expect(problem('components/cart/row.ts', 'features/cart/cart-state.ts')).toBeUndefined();
    expect(problem('features/cart/sync.ts', 'features/cart/cart-state.ts')).toBeUndefined();
  });

  it('leaves the texts to src/strings.ts, which gathers them all', () => {
    expect(problem('strings.ts', 'features/cart/texts.ts')).toBeUndefined();
    expect(problem('strings.ts', 'features/cart/browser-texts.ts')).toBeUndefined();
    expect(problem('strings.ts', 'features/cart/cart-state.ts')).toMatch(/own/);
  });
});
