/**
 * Content negotiation for compressed text (Accept-Encoding, RFC 9110 §12.5.3) and the compressors: the
 * build's thorough ones for precompressed `.br`/`.gz` siblings, and the quicker on-the-fly ones whose
 * results a small in-memory cache keeps.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isHashedAsset } from './content-types.ts';

export type Coding = 'br' | 'gzip';
export type Encoding = Coding | 'identity';

/** Our preference when the client accepts several equally: brotli is 15–25 % smaller than gzip on HTML. */
export const CODINGS: readonly Coding[] = ['br', 'gzip'];

/** File suffix of each coding's precompressed sibling. */
export const SUFFIX: Readonly<Record<Coding, string>> = { br: '.br', gzip: '.gz' };

function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (match) q = Number(match[1]);
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  return weights;
}

/**
 * The coding to send, from the request's Accept-Encoding: the acceptable coding with the highest weight
 * (ties go to brotli), else identity. No header means identity (RFC 9110: any coding is acceptable, but
 * old clients that send none may not decode one).
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (header === undefined || header.trim() === '') return 'identity';
  const weights = parseAcceptEncoding(header);
  const wildcard = weights.get('*');
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const coding of CODINGS) {
    const weight = weights.get(coding) ?? wildcard ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  // Identity is always the last resort; it wins only when the client weights it above every coding
  // (as the `negotiator` package used by Express does).
  const identityWeight = weights.get('identity') ?? 0;
  return bestWeight > 0 && bestWeight >= identityWeight ? best : 'identity';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How hard to compress: the build's thorough levels, or quicker ones for on-the-fly responses. */
export interface Levels {
  /** 0–11; 11 is the smallest and ~30× slower than 5. */
  readonly brotli: number;
  /** 1–9. */
  readonly gzip: number;
}

export const BUILD_LEVELS: Levels = { brotli: 11, gzip: 9 };
/**
 * For sites with many pages. Measured on our product pages: brotli 6 runs at ~75 MB/s per core, 80×
 * faster than 11, for output ~9 % bigger; 7–9 gain under 1 % for 1.2–10× the time.
 */
export const FAST_BUILD_LEVELS: Levels = { brotli: 6, gzip: 6 };
export const ON_THE_FLY_LEVELS: Levels = { brotli: 5, gzip: 6 };

/**
 * The levels a file is compressed at, `others` for all but hashed assets: those are downloaded by every
 * visitor and compressed once, so always at the smallest. The server compresses a hashed asset whose
 * siblings are not written yet at the same levels, so its bytes are those the build writes.
 */
export const levelsFor = (relative: string, others: Levels): Levels =>
  isHashedAsset(relative) ? BUILD_LEVELS : others;

/** Compresses on the libuv thread pool, so the event loop keeps serving while it works. */
export function compress(data: Buffer, coding: Coding, levels: Levels): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(data, { level: levels.gzip });
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/**
 * Compressed bodies of files that had no precompressed sibling, least recently used dropped first once
 * `maxBytes` is held. Concurrent requests for the same body share one compression.
 */
export class CompressionCache {
  readonly #entries = new Map<string, Buffer>();
  readonly #pending = new Map<string, Promise<Buffer>>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  async get(key: string, produce: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const promise = produce().then((body) => {
      this.#store(key, body);
      return body;
    });
    this.#pending.set(key, promise);
    try {
      return await promise;
    } finally {
      this.#pending.delete(key);
    }
  }

  #store(key: string, body: Buffer): void {
    if (body.length > this.#maxBytes / 4) return;
    this.#entries.set(key, body);
    this.#bytes += body.length;
    for (const [oldest, value] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= value.length;
    }
  }
}
