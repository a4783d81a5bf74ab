/**
 * Content files name the shop's configurable details as tokens (`{provider}`, `{email}`, …) so an editor
 * never copies an address that configuration may change. Tokens are filled into rendered HTML, so values
 * are escaped; a token in a Markdown link target arrives percent-encoded (`%7Bemail%7D`) and is filled too.
 */
import type { ShopInfo } from '../config/shop.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';

export type TokenValues = Readonly<Record<string, string>>;

const phoneDigits = (phone: string): string => phone.replace(/[^\d+]/g, '');

/** The `tel:` form of a telephone number as people write it (`0800 123 4567` → `tel:08001234567`). */
export const telHref = (phone: string): string => `tel:${phoneDigits(phone)}`;

/** The tokens every content file may use. */
export const shopTokens = (shop: ShopInfo): TokenValues => ({
  provider: shop.name,
  phone: shop.phone,
  phoneDigits: phoneDigits(shop.phone),
  email: shop.email,
  address: shop.address,
});

/** Fills `{name}` and `%7Bname%7D`; unknown tokens are an editor's typo and fail the build. */
export function fillTokens(html: string, values: TokenValues, source = 'content'): string {
  return html.replace(/\{(\w+)\}|%7B(\w+)%7D/gi, (_, plain?: string, encoded?: string) => {
    const name = plain ?? encoded ?? '';
    const value = values[name];
    if (value === undefined) {
      throw new Error(
        `Unknown token {${name}} in ${source}: use one of ${Object.keys(values)
          .map((key) => `{${key}}`)
          .join(', ')}.`,
      );
    }
    return escapeHtml(value);
  });
}
