/**
 * The state of My alerts: the customer's alerts (read once the page opens; signed-out shoppers sent to sign
 * in, what they asked kept for after: features/alerts/pending.ts), what an alert e-mail's unsubscribe link asked (done once the list is known, then taken off
 * the address so a reload asks nothing), and removals, one at a time, each saying what it did or why not.
 */
import { useEffect, useState } from 'react';
import {
  ALERTS_PAGE,
  alertsTexts as t,
  keepPending,
  readMyAlerts,
  removeAlerts,
  unsubscribeLink,
  type AlertKind,
  type AlertsAnswer,
} from '../../features/alerts/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { leftForSignIn, redirectTo, SIGN_IN_PATH } from '../../shop-api/navigation.ts';
import { $signedIn } from '../../features/account/index.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';

type Loaded =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; alerts: AlertsAnswer };

const removed = (kind: AlertKind, one: boolean): string =>
  kind === 'stock' ? (one ? t.removedStock : t.removedAllStock) : one ? t.removedPrice : t.removedAllPrice;

/** The sku of the alert an e-mail's link names by Magento's product id, if it is still there. */
const skuOf = (alerts: AlertsAnswer, kind: AlertKind, productId: number): string | undefined =>
  alerts[kind].find((alert) => alert.productId === productId)?.sku;

export function useMyAlerts() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [said, setSaid] = useState('');
  const [refused, setRefused] = useState('');
  const { busy, start, finish } = useBusy<string>();

  async function change(key: string, work: () => Promise<AlertsAnswer>, done: string): Promise<void> {
    if (!start(key)) return;
    setSaid('');
    setRefused('');
    try {
      setLoaded({ status: 'ready', alerts: await work() });
      setSaid(done);
    } catch (error) {
      if (!leftForSignIn(error)) setRefused(problemText(error));
    } finally {
      finish();
    }
  }

  /** What the address asks (an e-mail's unsubscribe link), done against the list just read. */
  async function followLink(alerts: AlertsAnswer): Promise<void> {
    const asked = unsubscribeLink(window.location.search);
    if (!asked) return;
    window.history.replaceState(null, '', ALERTS_PAGE);
    if (asked.productId === undefined)
      return change(asked.kind, () => removeAlerts(asked.kind), removed(asked.kind, false));
    const sku = skuOf(alerts, asked.kind, asked.productId);
    if (sku === undefined) return setSaid(t.alreadyGone);
    return change(sku, () => removeAlerts(asked.kind, sku), removed(asked.kind, true));
  }

  function load(): void {
    // Signed out: sign in first (My Account then brings what an e-mail's link asked back here).
    if (!$signedIn.get()) {
      if (window.location.search) keepPending({ unsubscribe: window.location.search });
      return redirectTo(SIGN_IN_PATH);
    }
    setLoaded({ status: 'loading' });
    readMyAlerts().then(
      (alerts) => {
        setLoaded({ status: 'ready', alerts });
        void followLink(alerts);
      },
      (error: unknown) => {
        if (!leftForSignIn(error)) setLoaded({ status: 'failed', message: problemText(error) });
      },
    );
  }
  useEffect(load, []);

  return {
    loaded,
    said,
    refused,
    busy,
    reload: load,
    removeOne: (kind: AlertKind, sku: string) =>
      void change(sku, () => removeAlerts(kind, sku), removed(kind, true)),
    removeAll: (kind: AlertKind) => void change(kind, () => removeAlerts(kind), removed(kind, false)),
  };
}
