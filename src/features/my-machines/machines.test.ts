/**
 * My machines' pure rules: which names are a model's, one model however typed, what is read back from the
 * browser's storage and from Magento's attribute (anything unreadable is left out, never an error), and the
 * sign-in's carry-over merge.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeMachines,
  isMachineName,
  joinMachines,
  MAX_MACHINES,
  MAX_MACHINES_TEXT,
  mergedMachines,
  roomFor,
  splitMachines,
  withMachine,
  withoutMachine,
} from './machines.ts';

describe('isMachineName', () => {
  it('takes a model as it is on a label, and nothing else', () => {
    expect(['K 5', 'HD 6/15', 'NT 22/1', 'WD 3', 'x'.repeat(40)].every(isMachineName)).toBe(true);
    for (const bad of ['', ' K 5', 'K 5 ', 'K 5, WD 3', 'K\n5', '---', 'x'.repeat(41), 5, null])
      expect(isMachineName(bad), String(bad)).toBe(false);
  });
});

describe('withMachine and withoutMachine', () => {
  it('adds at the end, once per model however typed', () => {
    expect(withMachine(['K 5'], 'WD 3')).toEqual(['K 5', 'WD 3']);
    expect(withMachine(['K 5', 'WD 3'], 'k5')).toEqual(['K 5', 'WD 3']);
    expect(withMachine([], 'HD 6/15')).toEqual(['HD 6/15']);
  });
  it('removes a model however typed', () => {
    expect(withoutMachine(['K 5', 'WD 3'], 'K-5')).toEqual(['WD 3']);
    expect(withoutMachine(['K 5'], 'K 4')).toEqual(['K 5']);
  });
});

describe('mergedMachines (a guest’s carried over at sign-in)', () => {
  it('keeps the customer’s first, then the guest’s the customer lacks', () => {
    expect(mergedMachines(['K 5', 'WD 3'], ['wd3', 'HD 6/15', 'K 5'])).toEqual(['K 5', 'WD 3', 'HD 6/15']);
  });
  it(`keeps no more than ${MAX_MACHINES}`, () => {
    const mine = Array.from({ length: MAX_MACHINES - 1 }, (_, i) => `K ${i + 1}`);
    expect(mergedMachines(mine, ['WD 3', 'WD 4'])).toEqual([...mine, 'WD 3']);
  });
  it(`keeps what fits in Magento's ${MAX_MACHINES_TEXT} characters`, () => {
    const long = Array.from({ length: 7 }, (_, i) => `${'X'.repeat(36)} ${i + 10}`);
    const kept = mergedMachines([], long);
    expect(kept).toEqual(long.slice(0, 6));
    expect(roomFor(kept)).toBe(true);
    expect(joinMachines(kept).length).toBeLessThanOrEqual(MAX_MACHINES_TEXT);
  });
});

describe('decodeMachines', () => {
  it.each([
    ['missing', null, []],
    ['not JSON', '{oops', []],
    ['an object', '{"K 5":1}', []],
    ['a list', '["K 5","WD 3"]', ['K 5', 'WD 3']],
    ['a list with other things', '["K 5",3,null,""," WD 3","A,B","WD 3"]', ['K 5', 'WD 3']],
    ['a model twice', '["K 5","K5"]', ['K 5']],
  ])('reads %s as %j', (_, stored, expected) => {
    expect(decodeMachines(stored)).toEqual(expected);
  });
});

describe('Magento’s attribute value', () => {
  it('is the names joined by ", ", read back the same', () => {
    expect(joinMachines(['K 5', 'HD 6/15'])).toBe('K 5, HD 6/15');
    expect(splitMachines('K 5, HD 6/15')).toEqual(['K 5', 'HD 6/15']);
    expect(joinMachines([])).toBe('');
  });
  it('is read tolerantly, as a merchant may have typed it', () => {
    expect(splitMachines(' K 5 ,WD 3,, k5 ')).toEqual(['K 5', 'WD 3']);
    expect(splitMachines(null)).toEqual([]);
    expect(splitMachines('')).toEqual([]);
  });
});
