/**
 * The state of My requisition lists: the customer's lists (read once the page opens; a signed-out shopper
 * is sent to sign in and back), one change at a time, each saying what it did or why not, beside the list
 * it touched. What the shopper typed lives in the components, so a refusal loses none of it.
 */
import { useEffect, useState } from 'react';
import { $signedIn } from '../../features/account/index.ts';
import { cartChangedElsewhere } from '../../features/cart/index.ts';
import {
  keepRequisitionReturn,
  listToBasket,
  readRequisitionLists,
  REQUISITION_LISTS_PAGE,
  requisitionListsTexts as t,
  type RequisitionListsAnswer,
} from '../../features/requisition-lists/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { leftForSignIn, redirectTo, SIGN_IN_PATH } from '../../shop-api/navigation.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';

export type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; answer: RequisitionListsAnswer };

/** What the last change did, shown beside the list it touched ('' for the new-list form). */
export interface Said {
  readonly where: string;
  readonly text: string;
  readonly problem: boolean;
  readonly problems?: readonly string[];
  readonly toBasket?: boolean;
}

export function useRequisitionLists() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [said, setSaid] = useState<Said | null>(null);
  const { busy, start, finish } = useBusy<string>();

  /** Runs one change; answers whether it worked (the caller then clears what was typed for it). */
  async function change(
    where: string,
    work: () => Promise<RequisitionListsAnswer>,
    done: string,
  ): Promise<boolean> {
    if (!start(where)) return false;
    setSaid(null);
    try {
      setLoaded({ status: 'ready', answer: await work() });
      setSaid({ where, text: done, problem: false });
      return true;
    } catch (error) {
      if (!leftForSignIn(error, REQUISITION_LISTS_PAGE))
        setSaid({ where, text: problemText(error), problem: true });
      return false;
    } finally {
      finish();
    }
  }

  async function toBasket(uid: string, lines: readonly string[]): Promise<void> {
    if (!start(uid)) return;
    setSaid(null);
    try {
      const answer = await listToBasket(uid, lines);
      cartChangedElsewhere();
      const text = answer.added ? t.addedToBasket : t.partlyAdded;
      setSaid({ where: uid, text, problem: !answer.added, problems: answer.problems, toBasket: true });
    } catch (error) {
      if (!leftForSignIn(error, REQUISITION_LISTS_PAGE))
        setSaid({ where: uid, text: problemText(error), problem: true });
    } finally {
      finish();
    }
  }

  function load(): void {
    if (!$signedIn.get()) {
      keepRequisitionReturn(REQUISITION_LISTS_PAGE);
      return redirectTo(SIGN_IN_PATH);
    }
    setLoaded({ status: 'loading' });
    readRequisitionLists().then(
      (answer) => setLoaded({ status: 'ready', answer }),
      (error: unknown) => {
        if (!leftForSignIn(error, REQUISITION_LISTS_PAGE))
          setLoaded({ status: 'failed', message: problemText(error) });
      },
    );
  }
  useEffect(load, []);

  /** Tells the shopper what is wrong with what they typed, beside where they typed it. */
  const refuse = (where: string, text: string) => setSaid({ where, text, problem: true });

  return { loaded, said, busy, reload: load, change, toBasket, refuse };
}
