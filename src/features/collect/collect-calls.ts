/**
 * Click & collect's calls from the browser to the storefront server (src/server/shopper/collect.ts), each
 * answer checked by hand (no zod on catalogue pages, DESIGN.md §4): the points (once a page), a few SKUs'
 * availability at a point (never kept: it is live), and what can be collected from a point today (kept a
 * minute). A failed call answers undefined; what the browser draws then says to call, or stays quiet.
 */
import { asString, isOneOf, isRecord } from '@cleaning-shop/kit/reader.ts';
import { isPointCode } from './collect-point.ts';

export interface PointInfo {
  code: string;
  name: string;
  phone: string | null;
  address: string;
  mapUrl: string;
  hours: string[];
}

export type CollectKind = 'shelf' | 'transfer' | 'none' | 'unknown';

export interface ItemAvailability {
  kind: CollectKind;
  text: string;
}

/** At most this many SKUs a request (the route's own limit). */
export const MAX_SKUS = 24;
const TODAY_KEPT_MS = 60_000;
const KINDS: readonly CollectKind[] = ['shelf', 'transfer', 'none', 'unknown'];

const isHttpUrl = (value: string): boolean => /^https?:\/\//.test(value);

function readPoint(value: unknown): PointInfo | undefined {
  if (!isRecord(value) || !isPointCode(value['code'])) return undefined;
  const name = asString(value['name']);
  const mapUrl = asString(value['mapUrl']);
  const { address, hours } = value;
  if (!name || !mapUrl || !isHttpUrl(mapUrl) || !isRecord(address)) return undefined;
  const lines = [address['street'], address['city'], address['postcode']].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return {
    code: value['code'],
    name,
    phone: asString(value['phone']) || null,
    address: lines.join(', '),
    mapUrl,
    hours: Array.isArray(hours) ? hours.filter((line): line is string => typeof line === 'string') : [],
  };
}

/** `/collect/points`' answer: the points that read as points; undefined when it is not the answer. */
export function parsePoints(data: unknown): PointInfo[] | undefined {
  if (!isRecord(data) || !Array.isArray(data['points'])) return undefined;
  return data['points'].flatMap((point) => readPoint(point) ?? []);
}

/** `/collect/availability`' answer: each SKU's kind and line; undefined when it is not the answer. */
export function parseAvailability(data: unknown): Map<string, ItemAvailability> | undefined {
  if (!isRecord(data) || !isRecord(data['items'])) return undefined;
  const items = new Map<string, ItemAvailability>();
  for (const [sku, item] of Object.entries(data['items'])) {
    if (!isRecord(item)) continue;
    const { kind } = item;
    const text = asString(item['text']);
    if (isOneOf(KINDS, kind) && text) items.set(sku, { kind, text });
  }
  return items;
}

/** `/collect/today`' answer: the SKUs; undefined when it is not the answer. */
export function parseToday(data: unknown): Set<string> | undefined {
  if (!isRecord(data) || !Array.isArray(data['skus'])) return undefined;
  return new Set(data['skus'].filter((sku): sku is string => typeof sku === 'string'));
}

/** The answer's JSON; `NOT_FOUND` for a 404; undefined for anything else that is not an answer. */
async function getAnswer(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return NOT_FOUND;
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

const NOT_FOUND = Symbol('not found');

async function getJson(url: string): Promise<unknown> {
  const answer = await getAnswer(url);
  return answer === NOT_FOUND ? undefined : answer;
}

let points: Promise<PointInfo[] | undefined> | undefined;

/** The points, asked once a page (again after a failure). */
export function fetchPoints(): Promise<PointInfo[] | undefined> {
  points ??= getJson('/collect/points').then((data) => {
    const read = parsePoints(data);
    if (!read || read.length === 0) points = undefined;
    return read && read.length > 0 ? read : undefined;
  });
  return points;
}

/** The query of an availability request: the point and up to 24 SKUs. */
export const availabilityQuery = (point: string, skus: readonly string[]): string => {
  const params = new URLSearchParams({ point });
  for (const sku of skus.slice(0, MAX_SKUS)) params.append('sku', sku);
  return params.toString();
};

/** Availability of up to 24 SKUs at `point`, live. */
export async function fetchAvailability(
  point: string,
  skus: readonly string[],
): Promise<Map<string, ItemAvailability> | undefined> {
  return parseAvailability(await getJson(`/collect/availability?${availabilityQuery(point, skus)}`));
}

/**
 * A product page's line: `sku` at `point` ('' for the shop's first point), the answer's words for it and the
 * name of the point it speaks of; null when `point` is not one (any more), undefined when nothing was read.
 */
export async function fetchLine(
  point: string,
  sku: string,
): Promise<{ item: ItemAvailability | undefined; name: string } | null | undefined> {
  const query = new URLSearchParams(point ? { point, sku } : { sku });
  const data = await getAnswer(`/collect/availability?${query.toString()}`);
  if (data === NOT_FOUND) return null;
  const items = parseAvailability(data);
  if (!items || !isRecord(data)) return undefined;
  return { item: items.get(sku), name: asString(data['name']) ?? '' };
}

const today = new Map<string, { at: number; skus: Promise<Set<string> | undefined> }>();

/** What can be collected from `point` today, asked at most once a minute. */
export function fetchToday(point: string): Promise<Set<string> | undefined> {
  const kept = today.get(point);
  if (kept && Date.now() - kept.at < TODAY_KEPT_MS) return kept.skus;
  const skus = getJson(`/collect/today?${new URLSearchParams({ point }).toString()}`).then((data) => {
    const read = parseToday(data);
    if (!read) today.delete(point);
    return read;
  });
  today.set(point, { at: Date.now(), skus });
  return skus;
}

/** A point's number as a `tel:` link's. */
export const telOf = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
