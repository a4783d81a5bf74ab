/**
 * My Account's way to My alerts. Sign-in lands here, so this is also where what a shopper asked of alerts
 * while signed out is done (features/alerts/pending.ts): an alert is made and the shopper is taken back to
 * its product page, which says so; what an e-mail's unsubscribe link asked is taken on to My alerts.
 */
import { useEffect, useState } from 'react';
import { ALERTS_PAGE, alertsTexts as t, subscribeToAlert, takePending } from '../../features/alerts/index.ts';
import { notify } from '../../features/notify/index.ts';
import { goTo } from '../../shop-api/navigation.ts';

/** Does what was asked signed out; answers why it could not, if it could not. */
async function donePending(): Promise<string> {
  const pending = takePending();
  if (!pending) return '';
  if ('unsubscribe' in pending) {
    goTo(`${ALERTS_PAGE}${pending.unsubscribe}`);
    return '';
  }
  try {
    await subscribeToAlert(pending.kind, pending.sku);
  } catch {
    return t.notSaved;
  }
  notify(pending.kind === 'stock' ? t.stockSaved : t.priceSaved, 'status', { carryTo: pending.back });
  goTo(pending.back);
  return '';
}

export function MyAlertsBlock() {
  const [failed, setFailed] = useState('');
  useEffect(() => void donePending().then(setFailed), []);
  return (
    <section className="account-block" aria-labelledby="my-alerts">
      <h2 id="my-alerts">{t.title}</h2>
      <p>{t.accountIntro}</p>
      {failed && (
        <p className="form-error" role="alert">
          {failed}
        </p>
      )}
      <a href={ALERTS_PAGE}>{t.accountLink}</a>
    </section>
  );
}
