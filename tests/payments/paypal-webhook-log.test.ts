/**
 * What the shop's log says of a PayPal webhook it refused, over HTTP: the storefront's payment routes, a
 * real embedded Magento and the embedded PayPal sandbox, which verifies (here: refuses) the delivery's
 * signature. A forged event's id carrying a line break must not add a line to the log, and what the
 * unverified event claims is not written down as fact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgedWebhook, startPayPalBed, type PayPalBed } from './paypal-testbed.ts';

const FORGED = 'Payment PP-7Q2M4K: 99900 pence refunded in all';

let bed: PayPalBed;
/** Everything the shop logged, as its log file would hold it. */
let logged = '';

beforeAll(async () => {
  bed = await startPayPalBed({ log: (message) => void (logged += `${message}\n`) });
});
afterAll(() => bed.close());

/** A forged refund event whose id is `id`. */
const forgedDelivery = (id: string) =>
  forgedWebhook(bed, { id, event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: '1AB23456CD789012E' } });

/** The log's lines as a terminal or a log viewer splits them. */
const lines = () => logged.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);

describe('a forged PayPal webhook in the log', () => {
  it('adds no line of its own, whatever line break its id carries', async () => {
    for (const id of [`WH-1\n${FORGED}`, `WH-2\r\n${FORGED}`, `WH-3\u2028${FORGED}`, `WH-4\u0085${FORGED}`]) {
      expect((await forgedDelivery(id)).status).toBe(400);
    }
    expect(lines().filter((line) => line.trimStart().startsWith('Payment '))).toEqual([]);
    expect(lines().filter((line) => line.includes('refused'))).toHaveLength(4);
  });

  it('says the signature did not verify, and gives the id only as a short quoted claim', async () => {
    logged = '';
    expect((await forgedDelivery(`WH-5\n${FORGED} and more besides, to be cut short`)).status).toBe(400);
    const [line] = lines();
    expect(line).toMatch(/^PayPal webhook refused: its signature does not verify \(claimed id "WH-5\\n/);
    expect(line).not.toContain('to be cut short');
  });
});
