/**
 * /product-data/codes/{n}.json: skus by folded SKU or model number (features/product-data/codes.ts), for
 * quick order; every file written on every build, empty ones included (an unknown code reads as unknown).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { buildProductCodes } from '../../../features/product-data/build-codes.ts';
import { siteFacts } from '../_site-facts.ts';

export const getStaticPaths = (() => {
  return buildProductCodes(siteFacts()).map((file, number) => ({
    params: { file: String(number) },
    props: { text: JSON.stringify(file) },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
