/**
 * /product-data/codes/{n}.json: skus by folded SKU or model number (features/product-data/codes.ts), for
 * quick order, with the row facts of the products they name; as many files as the catalogue needs, the
 * number written into the quick order page.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteCodes } from '../_site-facts.ts';

export const getStaticPaths = (() => {
  return siteCodes().map((file, number) => ({
    params: { file: String(number) },
    props: { text: JSON.stringify(file) },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
