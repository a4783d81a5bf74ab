/**
 * The state of the add page: what the address asks to add (its lines, or the basket's, read here so the
 * basket page's link stays plain), the customer's lists to choose from, and the add itself, into a chosen
 * list or a new one. A signed-out shopper is asked to sign in (the page does not redirect: a retail shopper
 * who followed a product page's link should read why first).
 */
import { useEffect, useState } from 'react';
import { $signedIn } from '../../features/account/index.ts';
import { refreshCart } from '../../features/cart/index.ts';
import {
  addToRequisitionList,
  createRequisitionList,
  readAddRequest,
  readRequisitionLists,
  requisitionListsTexts as t,
  type AddRequest,
  type LineToAdd,
  type RequisitionList,
} from '../../features/requisition-lists/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { leftForSignIn } from '../../shop-api/navigation.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';

export type AddState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'nothing'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'ready'; lines: readonly LineToAdd[]; lists: readonly RequisitionList[] };

/** The lines the request names, the basket's read now. */
async function linesOf(request: AddRequest): Promise<readonly LineToAdd[]> {
  if (request.kind === 'nothing') return [];
  if (request.kind === 'lines') return request.lines;
  const cart = await refreshCart();
  return (cart?.items ?? []).slice(0, 100).map((item) => ({ sku: item.sku, quantity: item.qty }));
}

/** The list a new one became: the one whose uid was not there before (Magento may add " 1" to its name). */
const newest = (before: readonly RequisitionList[], after: readonly RequisitionList[]) =>
  after.find((list) => !before.some((old) => old.uid === list.uid));

/** This page's address, for sign-in to come back to (read in the browser only: the page is pre-rendered). */
export const here = (): string => `${window.location.pathname}${window.location.search}`;

export function useAddToList() {
  const [state, setState] = useState<AddState>({ status: 'loading' });
  const [request, setRequest] = useState<AddRequest>({ kind: 'nothing' });
  const [done, setDone] = useState<RequisitionList | null>(null);
  const [made, setMade] = useState<RequisitionList | null>(null);
  const [refused, setRefused] = useState('');
  const { busy, start, finish } = useBusy();

  function load(): void {
    if (!$signedIn.get()) return setState({ status: 'signed-out' });
    setState({ status: 'loading' });
    const asked = readAddRequest(window.location.search);
    setRequest(asked);
    Promise.all([linesOf(asked), readRequisitionLists()]).then(
      ([lines, answer]) => {
        if (lines.length > 0) return setState({ status: 'ready', lines, lists: answer.lists });
        setState({ status: 'nothing', message: asked.kind === 'basket' ? t.emptyBasket : t.nothingToAdd });
      },
      (error: unknown) => {
        if (!leftForSignIn(error, here())) setState({ status: 'failed', message: problemText(error) });
      },
    );
  }
  useEffect(load, []);

  /** The list to add to: the one chosen, or a new one (made once, even if adding to it then fails). */
  async function target(lists: readonly RequisitionList[], uid: string | null, name: string) {
    const chosen = lists.find((list) => list.uid === (uid ?? made?.uid));
    if (chosen) return chosen;
    const after = await createRequisitionList(name);
    const created = newest(lists, after.lists);
    if (!created) throw new Error(t.unavailable);
    setMade(created);
    setState({ status: 'ready', lines: state.status === 'ready' ? state.lines : [], lists: after.lists });
    return created;
  }

  /** Adds the lines to the list `uid`, or to a new list called `name` when uid is null. */
  async function add(uid: string | null, name: string): Promise<void> {
    if (state.status !== 'ready' || !start(true)) return;
    setRefused('');
    try {
      const list = await target(state.lists, uid, name);
      const after = await addToRequisitionList(list.uid, state.lines);
      setDone(after.lists.find((entry) => entry.uid === list.uid) ?? list);
    } catch (error) {
      if (!leftForSignIn(error, here())) setRefused(problemText(error));
    } finally {
      finish();
    }
  }

  return { state, request, done, refused, busy, reload: load, add, setRefused };
}
