/**
 * The confirmation of an order placed on account (issue 38): the order is placed already (the server
 * answered its number before the shopper came here), so the page only says so: the number, the
 * purchase-order number, that the company will be invoiced and where the VAT invoice will be (and, for an
 * order to collect, where, when and what to bring), with links
 * to the order, My Account and the home page. A tab that placed nothing goes home.
 */
import { useEffect, useState } from 'react';
import { CHECKOUT_PATHS } from '../../features/checkout/checkout.ts';
import {
  PLACED_KEY,
  placedRecord,
  type PlacedOnAccount as Placed,
} from '../../features/checkout/on-account.ts';
import { redirectTo } from '../../shop-api/navigation.ts';
import { orderPath } from '../../features/orders/index.ts';
import { strings } from '../../strings.ts';
import { tradeAccountTexts as t } from '../../features/trade/index.ts';
import { OrderNumber, Outcome, type OutcomeLink } from '../../ui/forms/Outcome.tsx';
import { PlacedPanels } from './placed-panels.tsx';
import './checkout.css';

function placedInThisTab(): Placed | undefined {
  try {
    const parsed = placedRecord.safeParse(JSON.parse(sessionStorage.getItem(PLACED_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export default function PlacedOnAccount() {
  const [placed, setPlaced] = useState<Placed | undefined>();
  useEffect(() => {
    const found = placedInThisTab();
    if (found) setPlaced(found);
    else redirectTo(CHECKOUT_PATHS.home);
  }, []);
  if (!placed) return null;
  const c = strings.checkout;
  const links: OutcomeLink[] = [
    { href: orderPath(placed.order), label: c.viewOrder },
    { href: CHECKOUT_PATHS.account, label: strings.account.myAccount, secondary: true },
    { href: CHECKOUT_PATHS.home, label: strings.payment.homepage, secondary: true },
  ];
  return (
    <Outcome title={t.placedTitle} text={t.placedInvoiced} links={links}>
      <OrderNumber number={placed.order} />
      <p>{t.placedPo(placed.poNumber)}</p>
      <PlacedPanels />
    </Outcome>
  );
}
