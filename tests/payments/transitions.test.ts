import { describe, expect, it } from 'vitest';
import { statesBefore, transition, type PaymentEvent } from '../../src/payments/transitions.ts';
import type { PaymentState } from '../../src/payments/payment-records.ts';

const rows: [PaymentState, PaymentEvent, PaymentState | 'refused'][] = [
  ['REGISTERED', 'claim', 'PLACING'],
  ['REGISTERED', 'reclaim', 'refused'],
  ['REGISTERED', 'placed', 'refused'],
  ['REGISTERED', 'notPlaced', 'refused'],
  ['REGISTERED', 'declined', 'FAILED'],
  ['PLACING', 'claim', 'refused'],
  ['PLACING', 'reclaim', 'PLACING'],
  ['PLACING', 'placed', 'PAID'],
  ['PLACING', 'notPlaced', 'FAILED'],
  ['PLACING', 'declined', 'refused'],
  ['PAID', 'claim', 'refused'],
  ['PAID', 'reclaim', 'refused'],
  ['PAID', 'placed', 'refused'],
  ['PAID', 'notPlaced', 'refused'],
  ['PAID', 'declined', 'refused'],
  ['FAILED', 'claim', 'refused'],
  ['FAILED', 'reclaim', 'refused'],
  ['FAILED', 'placed', 'refused'],
  ['FAILED', 'notPlaced', 'refused'],
  ['FAILED', 'declined', 'refused'],
];

describe('payment transitions', () => {
  it.each(rows)('%s + %s → %s', (state, event, expected) => {
    const step = transition(state, event);
    expect(step.ok ? step.next : 'refused').toBe(expected);
    if (!step.ok) expect(step.refusal).toBe(`${event} is not allowed from ${state}`);
  });

  it('guards each event in the store by the states it may start from', () => {
    expect(statesBefore('claim')).toEqual(['REGISTERED']);
    expect(statesBefore('declined')).toEqual(['REGISTERED']);
    expect(statesBefore('placed')).toEqual(['PLACING']);
    expect(statesBefore('notPlaced')).toEqual(['PLACING']);
  });
});
