/** My Account's way to My alerts: the products we email the customer about when back in stock or cheaper. */
import { ALERTS_PAGE, alertsTexts as t } from '../../features/alerts/index.ts';

export function MyAlertsBlock() {
  return (
    <section className="account-block" aria-labelledby="my-alerts">
      <h2 id="my-alerts">{t.title}</h2>
      <p>{t.accountIntro}</p>
      <a href={ALERTS_PAGE}>{t.accountLink}</a>
    </section>
  );
}
