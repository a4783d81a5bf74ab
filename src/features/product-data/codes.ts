/**
 * Which sku a typed code is: every SKU and model number (Magento's supplier_code) of the facts files'
 * products (facts.ts), folded as search folds codes (`compactCode`: "K5" = "k-5", "1.252-100.6" =
 * "12521006", "hgpw00156" = "HG-PW-00156"), spread over a fixed number of small files by a hash of the
 * folded code, so quick order finds a row's product from the code alone, with no back end and no manifest.
 * Written by the build (`/product-data/codes/{n}.json`, build-codes.ts); read by hand.
 */
import { isRecord } from '../../magento/wire/reader.ts';
import { compactCode } from '../search/text.ts';
import { PRODUCT_DATA_BASE } from './files.ts';

/**
 * How many files the codes are spread over: about 8 codes a file at the demo's 250 products, 400 (about
 * 5 KB brotli) at 10,000 products with their children.
 */
export const PRODUCT_CODE_FILES = 64;

/** What each file holds: skus by folded code. */
export type ProductCodesFile = Record<string, string>;

/** A code as the files hold it (`compactCode`), '' for one with no letter or digit. */
export const foldCode = (code: string): string => compactCode(code);

/** The file a folded code is in: FNV-1a of its characters, modulo the number of files. */
export function productCodeFile(folded: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < folded.length; i++) hash = Math.imul(hash ^ folded.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % PRODUCT_CODE_FILES;
}

export const productCodesUrl = (file: number): string => `${PRODUCT_DATA_BASE}/codes/${file}.json`;

/** What looking a code up came to. */
export type CodeResult =
  | { status: 'found'; sku: string }
  /** No product has this SKU or model number. */
  | { status: 'unknown' }
  /** The file could not be had: try again; this says nothing about the code. */
  | { status: 'failed' };

const files = new Map<number, Promise<ProductCodesFile | undefined>>();

async function loadFile(file: number): Promise<ProductCodesFile | undefined> {
  try {
    const response = await fetch(productCodesUrl(file), { credentials: 'same-origin' });
    if (!response.ok) return undefined;
    const data: unknown = await response.json();
    if (!isRecord(data) || !Object.values(data).every((sku) => typeof sku === 'string')) return undefined;
    return data as ProductCodesFile;
  } catch {
    return undefined;
  }
}

/** The sku of a typed SKU or model number; each file is fetched once per page (a failed one again). */
export async function skuOfCode(typed: string): Promise<CodeResult> {
  const folded = foldCode(typed);
  if (folded === '') return { status: 'unknown' };
  const number = productCodeFile(folded);
  let pending = files.get(number);
  if (!pending) {
    pending = loadFile(number);
    files.set(number, pending);
  }
  const file = await pending;
  if (!file) {
    files.delete(number);
    return { status: 'failed' };
  }
  const sku = file[folded];
  return sku === undefined ? { status: 'unknown' } : { status: 'found', sku };
}
