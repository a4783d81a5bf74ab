/**
 * The shipping step's collection choice: for each point, when the basket could be collected there (asked
 * once the step has loaded), the point the shopper chose to collect from, and its reservation. Choosing a
 * point reserves the basket there; what cannot be collected there is said, with the ways on (deliver
 * everything, another point that has it all, or split: collect what it has and set the rest aside for
 * delivery after this order). Choosing delivery again lets the reservation go.
 */
import { useEffect, useRef, useState } from 'react';
import {
  basketAtPoints,
  holdAt,
  releaseHold,
  type BasketAtPoints,
  type HoldAnswer,
  type PointView,
} from '../../features/collect/checkout.ts';
import { choosePoint } from '../../features/collect/collect-state.ts';
import { canSetAside, setAsideLacking } from '../../features/collect/set-aside.ts';
import { problemText } from '../../features/problem.ts';

export interface CollectState {
  /** Each point and when the basket could be collected there; undefined while asked or when it failed. */
  readonly points: BasketAtPoints | undefined;
  /** The point chosen to collect from, or undefined when delivering. */
  readonly chosen: PointView | undefined;
  /** The chosen point's answer: reserved until, or what it lacks. */
  readonly hold: HoldAnswer | undefined;
  readonly busy: boolean;
  readonly problem: string;
  readonly collect: (code: string) => void;
  /** Back to delivery: the reservation let go. */
  readonly deliver: () => void;
  /** The basket could be split: what the point lacks set aside for delivery after this order. */
  readonly splittable: boolean;
  /** Sets aside what the chosen point lacks and reserves the rest there. */
  readonly split: () => void;
  /** Units set aside by a split, for the shopper's word on it. */
  readonly setAside: number;
}

export function useCollect(ready: boolean): CollectState {
  const [points, setPoints] = useState<BasketAtPoints | undefined>(undefined);
  const [chosen, setChosen] = useState<PointView | undefined>(undefined);
  const [hold, setHold] = useState<HoldAnswer | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [splittable, setSplittable] = useState(false);
  const [setAside, setSetAside] = useState(0);
  const asked = useRef(0);

  useEffect(() => {
    if (!ready) return;
    basketAtPoints().then(setPoints, () => setPoints(undefined));
  }, [ready]);

  function collect(code: string) {
    const point = points?.find((each) => each.point.code === code)?.point;
    if (!point) return;
    const request = ++asked.current;
    setChosen(point);
    setHold(undefined);
    setProblem('');
    setBusy(true);
    choosePoint(code);
    holdAt(code).then(
      async (answer) => {
        if (request !== asked.current) return;
        setHold(answer);
        setBusy(false);
        setSplittable(answer.kind === 'short' && answer.kept > 0 && (await canSetAside(answer.short)));
      },
      (error: unknown) => {
        if (request !== asked.current) return;
        setProblem(problemText(error));
        setBusy(false);
      },
    );
  }

  async function split() {
    if (!chosen || hold?.kind !== 'short') return;
    setBusy(true);
    try {
      setSetAside(await setAsideLacking(hold.short));
      collect(chosen.code);
    } catch (error) {
      setProblem(problemText(error));
      setBusy(false);
    }
  }

  function deliver() {
    if (!chosen) return;
    asked.current += 1;
    setChosen(undefined);
    setHold(undefined);
    setProblem('');
    setBusy(false);
    // Letting go is a courtesy: a reservation not let go lapses by itself.
    releaseHold().catch(() => undefined);
  }

  return {
    points,
    chosen,
    hold,
    busy,
    problem,
    collect,
    deliver,
    splittable,
    split: () => void split(),
    setAside,
  };
}
