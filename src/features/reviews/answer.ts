/**
 * What the storefront server's `GET /reviews/form` answers, read by hand in the browser (no zod in the
 * form's bundle: DESIGN.md §4), and the answer of `POST /reviews`.
 */
import { asListOf, asString, handReader, isRecord, type Reader } from '@cleaning-shop/kit/reader.ts';
import type { ReviewForm } from './review.ts';

type Rating = ReviewForm['ratings'][number];

function readValue(value: unknown): Rating['values'][number] | undefined {
  if (!isRecord(value)) return undefined;
  const id = asString(value['id']);
  const text = asString(value['value']);
  return id === undefined || text === undefined ? undefined : { id, value: text };
}

function readRating(value: unknown): Rating | undefined {
  if (!isRecord(value)) return undefined;
  const id = asString(value['id']);
  const name = asString(value['name']);
  const values = asListOf(value['values'], readValue);
  return id === undefined || name === undefined || !values ? undefined : { id, name, values };
}

export const reviewFormAnswer: Reader<ReviewForm> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const { enabled, guestsMayWrite, signedIn } = value;
  const ratings = asListOf(value['ratings'], readRating);
  const nickname = asString(value['nickname']);
  if (typeof enabled !== 'boolean' || typeof guestsMayWrite !== 'boolean' || typeof signedIn !== 'boolean')
    return undefined;
  if (!ratings) return undefined;
  return { enabled, guestsMayWrite, signedIn, ratings, ...(nickname ? { nickname } : {}) };
});

/** `POST /reviews`: Magento has the review (pending a merchant's approval). */
export const reviewSent: Reader<{ ok: true }> = handReader((value) =>
  isRecord(value) && value['ok'] === true ? { ok: true } : undefined,
);
