/**
 * The shipping step's collection choice: for each point, when the basket could be collected there (asked
 * once the step has loaded), the point the shopper chose to collect from, and its reservation. Choosing a
 * point reserves the basket there; what cannot be collected there is said, with the ways on (deliver
 * everything, another point that has it all, or split: collect what it has and set the rest aside for
 * delivery after this order). Choosing delivery, or another point, puts what was set aside back in the
 * basket; delivery also lets the reservation go. Back at this step after a Confirm to collect, the same
 * point is chosen (and reserved) again.
 */
import { useEffect, useRef, useState } from 'react';
import {
  basketAtPoints,
  holdAt,
  releaseHold,
  type BasketAtPoints,
  type HoldAnswer,
  type PointView,
  choosePoint,
  bringBackSetAside,
  canSetAside,
  setAsideLacking,
} from '../../features/collect/index.ts';
import { problemText } from '../../shop-api/problem.ts';

/** The point chosen to collect from, and what reserving there answered. */
interface Choice {
  readonly chosen: PointView | undefined;
  readonly hold: HoldAnswer | undefined;
  readonly busy: boolean;
  readonly problem: string;
  /** The basket could be split: what the point lacks set aside for delivery after this order. */
  readonly splittable: boolean;
}

const DELIVERING: Choice = {
  chosen: undefined,
  hold: undefined,
  busy: false,
  problem: '',
  splittable: false,
};

export interface CollectState extends Choice {
  /** Each point and when the basket could be collected there; undefined while asked or when it failed. */
  readonly points: BasketAtPoints | undefined;
  /** The points could not be read: collection cannot be offered now. */
  readonly unavailable: boolean;
  readonly collect: (code: string) => void;
  /** Back to delivery: the reservation let go. */
  readonly deliver: () => void;
  /** Sets aside what the chosen point lacks and reserves the rest there. */
  readonly split: () => void;
  /** Units set aside by a split, for the shopper's word on it. */
  readonly setAside: number;
}

/** What the shopper set aside goes back into the basket (another point or delivery was chosen). */
async function putBack(setAside: number, done: () => void): Promise<void> {
  if (setAside === 0) return;
  await bringBackSetAside();
  done();
}

/** `chosenBefore`: the point an earlier Confirm chose, chosen (and reserved) again once the points are known. */
export function useCollect(ready: boolean, chosenBefore?: string): CollectState {
  const [points, setPoints] = useState<BasketAtPoints | undefined>(undefined);
  const [unavailable, setUnavailable] = useState(false);
  const [choice, setChoice] = useState<Choice>(DELIVERING);
  const [setAside, setSetAside] = useState(0);
  const asked = useRef(0);

  useEffect(() => {
    if (ready) basketAtPoints().then(setPoints, () => setUnavailable(true));
  }, [ready]);

  /** Reserves the basket at `point`; the newest answer wins. */
  async function reserveAt(point: PointView): Promise<void> {
    const request = ++asked.current;
    setChoice({ ...DELIVERING, chosen: point, busy: true });
    choosePoint(point.code);
    try {
      const hold = await holdAt(point.code);
      const splittable = hold.kind === 'short' && hold.kept > 0 && (await canSetAside(hold.short));
      if (request === asked.current) setChoice({ ...DELIVERING, chosen: point, hold, splittable });
    } catch (error) {
      if (request === asked.current) setChoice({ ...DELIVERING, chosen: point, problem: problemText(error) });
    }
  }

  function collect(code: string) {
    const point = points?.find((each) => each.point.code === code)?.point;
    if (!point) return;
    void putBack(setAside, () => setSetAside(0)).finally(() => reserveAt(point));
  }

  useEffect(() => {
    if (chosenBefore) collect(chosenBefore);
  }, [points === undefined]);

  async function split() {
    const { chosen, hold } = choice;
    if (!chosen || hold?.kind !== 'short') return;
    setChoice({ ...choice, busy: true });
    try {
      setSetAside(await setAsideLacking(hold.short));
      await reserveAt(chosen);
    } catch (error) {
      setChoice({ ...choice, busy: false, problem: problemText(error) });
    }
  }

  function deliver() {
    if (!choice.chosen) return;
    asked.current += 1;
    setChoice(DELIVERING);
    void putBack(setAside, () => setSetAside(0));
    // Letting go is a courtesy: a reservation not let go lapses by itself.
    releaseHold().catch(() => undefined);
  }

  return { ...choice, points, unavailable, collect, deliver, split: () => void split(), setAside };
}
