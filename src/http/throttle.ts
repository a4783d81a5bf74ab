/**
 * Throttles for guessing: failures counted per key (a client address, an account) in a fixed window with
 * rate-limiter-flexible's in-memory limiter; a key that reached its limit waits for the window to end, and
 * is told how long (429 with `Retry-After` and the wait in words). Counts live in this process: a restart
 * forgets them, which errs on the shopper's side.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { HttpError } from './errors.ts';

export interface FailureLimit {
  readonly failures: number;
  readonly windowSeconds: number;
}

export class FailureCounter {
  readonly #limiter: RateLimiterMemory;
  readonly #failures: number;

  constructor(limit: FailureLimit) {
    this.#failures = limit.failures;
    this.#limiter = new RateLimiterMemory({ points: limit.failures, duration: limit.windowSeconds });
  }

  /** Seconds `key` must wait before it may try again; 0 while it is under its limit. */
  async waitFor(key: string): Promise<number> {
    const counted = await this.#limiter.get(key);
    return counted && counted.consumedPoints >= this.#failures ? Math.ceil(counted.msBeforeNext / 1000) : 0;
  }

  async failed(key: string): Promise<void> {
    await this.#limiter.penalty(key);
  }
}

/** "45 seconds", "12 minutes", "2 hours": rounded up, so the shopper never comes back too early. */
function waitInWords(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** 429: `message`, then when to try again, in words and in `Retry-After`. */
export const tooManyAttempts = (message: string, seconds: number): HttpError =>
  new HttpError(429, `${message} Please try again in ${waitInWords(seconds)}.`, {
    'Retry-After': String(Math.max(1, Math.ceil(seconds))),
  });
