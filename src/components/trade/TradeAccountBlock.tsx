/**
 * My Account's "Trade account" block (issue 38): which state the account is in — none (with the way to
 * apply), pending approval, or approved — as the storefront server reads it from the customer's group
 * (`GET /trade/status`), with the company and VAT number Magento keeps. It loads on its own, so the other
 * blocks never wait for it, and a failure says so without hiding them.
 */
import { useLoad } from '../../ui/forms/use-load.ts';
import { readTradeStatus, type TradeState } from '../../features/trade/trade-status.ts';
import { tradeAccountTexts as t } from '../../features/trade/account-texts.ts';
import { TRADE_APPLICATION_PAGE } from '../../shop-api/navigation.ts';
import { defaultAddress } from '../../features/account/index.ts';
import type { Customer } from '../../magento/wire/customer.ts';

const STATE_TEXT: Readonly<Record<TradeState, string>> = {
  none: t.stateNone,
  pending: t.statePending,
  trade: t.stateTrade,
};

/** The account's state (which also keeps the page's trade marker up to date); a failure says so. */
async function loadState(): Promise<{ state: TradeState }> {
  const state = await readTradeStatus();
  if (state === undefined) throw new Error('The trade state could not be read');
  return { state };
}

/** The company and VAT number Magento keeps: the billing address's company, the customer's `taxvat`. */
function companyOf(customer: Customer): { company: string | undefined; vat: string | undefined } {
  const billing = defaultAddress(customer, 'billing');
  const company = billing?.['company'];
  const vat = customer['taxvat'];
  return {
    company: typeof company === 'string' ? company : undefined,
    vat: typeof vat === 'string' ? vat : undefined,
  };
}

/** My Account's trade block (account-panel.ts). */
export function TradeAccountBlock({ customer }: { customer: Customer }) {
  const { company, vat } = companyOf(customer);
  const { state } = useLoad(loadState, { describe: () => t.stateUnknown });
  return (
    <section
      className="account-block"
      aria-labelledby="trade-account"
      data-trade-state={state.status === 'ready' ? state.value.state : undefined}
    >
      <h2 id="trade-account">{t.accountHeading}</h2>
      {state.status === 'failed' && <p>{state.message}</p>}
      {state.status === 'ready' && (
        <>
          <p>{STATE_TEXT[state.value.state]}</p>
          {state.value.state !== 'none' && company && <p>{t.companyLine(company)}</p>}
          {state.value.state !== 'none' && vat && <p>{t.vatLine(vat)}</p>}
          {state.value.state === 'none' && <a href={TRADE_APPLICATION_PAGE}>{t.menuLink}</a>}
        </>
      )}
    </section>
  );
}
