/**
 * Which product a typed code is: every SKU and model number (Magento's supplier_code) of the facts files'
 * products (facts.ts), folded as search folds codes (`compactCode`: "K5" = "k-5", "1.252-100.6" =
 * "12521006", "hgpw00156" = "HG-PW-00156"), spread over a few files by a hash of the folded code. Each
 * file also holds the facts a quick-order row shows of the products its codes name (and of a child's
 * parent), without the specifications, so one file answers a row: 50 pasted lines cost a handful of
 * requests, not a hundred. How many files there are depends on the catalogue's size; the build writes
 * the number into the quick order page (`data-code-files`), so the page and its files always agree.
 * Written by the build (`/product-data/codes/{n}.json`, build-codes.ts); read by hand.
 */
import { bucketOf } from '@cleaning-shop/kit/buckets.ts';
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import { compactCode } from '../search/index.ts';
import type { ProductFacts } from './facts.ts';
import { productFactsReader } from './facts-reader.ts';
import { PRODUCT_DATA_BASE } from './files.ts';

/** Codes a file holds, about: 3 files at the demo's 440 products, about 50 (15 KB brotli each) at 10,000. */
const CODES_PER_FILE = 512;

/** Files fetched ahead of the first code (`warm`) when there are no more: about 2,000 products' worth. */
const WARM_FILES = 4;

/** How many files `codes` codes are spread over. */
export const codeFileCount = (codes: number): number => Math.max(1, Math.ceil(codes / CODES_PER_FILE));

/**
 * What each file holds: skus by folded code (`c`), and the row facts of those skus and their parents (`f`).
 * The build writes `ProductFacts`; a file read in the browser holds them unchecked (`unknown`) until a row
 * asks for one (`factsIn`).
 */
export interface ProductCodesFile<Facts = ProductFacts> {
  c: Record<string, string>;
  f: Record<string, Facts>;
}

/** A code as the files hold it (`compactCode`), '' for one with no letter or digit. */
export const foldCode = (code: string): string => compactCode(code);

/** The file a folded code is in: its bucket (FNV-1a of its characters) of the number of files. */
export const productCodeFile = (folded: string, files: number): number => bucketOf(folded, files);

const productCodesUrl = (file: number): string => `${PRODUCT_DATA_BASE}/codes/${file}.json`;

/** What looking a code up came to. */
export type CodeResult =
  | { status: 'found'; sku: string }
  /** No product has this SKU or model number. */
  | { status: 'unknown' }
  /** The file could not be had: try again; this says nothing about the code. */
  | { status: 'failed' };

/**
 * A file read by hand: undefined when it is not one. Its facts are checked one at a time as a row asks
 * for them (`factsIn`), not all at once: a paste of 50 lines reads 50 of a file's hundreds.
 */
export function readCodesFile(data: unknown): ProductCodesFile<unknown> | undefined {
  if (!isRecord(data) || !isRecord(data['c']) || !isRecord(data['f'])) return undefined;
  const codes: Record<string, string> = {};
  for (const [folded, sku] of Object.entries(data['c'])) {
    if (typeof sku !== 'string') return undefined;
    codes[folded] = sku;
  }
  return { c: codes, f: data['f'] };
}

/** A sku's facts in a file read by `readCodesFile`, checked; undefined when absent or malformed. */
export function factsIn(file: ProductCodesFile<unknown>, sku: string): ProductFacts | undefined {
  if (!Object.hasOwn(file.f, sku)) return undefined;
  const read = productFactsReader.safeParse(file.f[sku]);
  return read.success && read.data.sku === sku ? read.data : undefined;
}

/**
 * Look-ups over `files` code files, each fetched once per page (a failed one again): the sku of a typed
 * code, and the facts of a sku that a file loaded so far carries (`known`).
 */
export function codeFiles(files: number) {
  const loaded = new Map<number, Promise<ProductCodesFile<unknown> | undefined>>();
  const carriers = new Map<string, ProductCodesFile<unknown>>();
  const checked = new Map<string, ProductFacts | undefined>();
  async function load(number: number): Promise<ProductCodesFile<unknown> | undefined> {
    try {
      const response = await fetch(productCodesUrl(number), { credentials: 'same-origin' });
      if (!response.ok) return undefined;
      const file = readCodesFile(await response.json());
      if (file) for (const sku of Object.keys(file.f)) carriers.set(sku, file);
      return file;
    } catch {
      return undefined;
    }
  }
  const fileOf = (number: number): Promise<ProductCodesFile<unknown> | undefined> => {
    let pending = loaded.get(number);
    if (!pending) {
      pending = load(number);
      loaded.set(number, pending);
    }
    return pending;
  };
  return {
    /**
     * Fetches every file ahead of the first code, when there are at most `WARM_FILES` (a small
     * catalogue's): a paste then waits for no request. A large catalogue's files come as codes need them.
     */
    warm(): void {
      if (files <= WARM_FILES) for (let number = 0; number < files; number += 1) void fileOf(number);
    },
    known(sku: string): ProductFacts | undefined {
      const file = carriers.get(sku);
      if (!file) return undefined;
      // Each sku's facts are checked once: a paste asks for a parent again for each of its sizes' rows.
      if (!checked.has(sku)) checked.set(sku, factsIn(file, sku));
      return checked.get(sku);
    },
    async skuOfCode(typed: string): Promise<CodeResult> {
      const folded = foldCode(typed);
      if (folded === '') return { status: 'unknown' };
      const number = productCodeFile(folded, files);
      const pending = fileOf(number);
      const file = await pending;
      if (!file) {
        if (loaded.get(number) === pending) loaded.delete(number);
        return { status: 'failed' };
      }
      const sku = file.c[folded];
      return sku === undefined ? { status: 'unknown' } : { status: 'found', sku };
    },
  };
}
