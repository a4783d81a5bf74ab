/**
 * Magento's amounts in the checkout islands: prices in both VAT forms (`vat-incl` / `vat-excl`, labelled),
 * of which the page shows the shopper's choice (the `<html data-vat>` rules in global.css), as the
 * catalogue and the basket write them; and the totals summary of the shipping and payment steps, every
 * figure from Magento's totals (each line with its quantity, name, chosen options and row total; subtotal,
 * discount with its title, delivery, total), none computed here but a discount's form excl VAT: each read
 * from the field that means it (`row_total_incl_tax` and `row_total`, `subtotal_incl_tax` and `subtotal`).
 * What is charged (shipping cost and total) reads incl VAT, as the basket's does.
 */
import { exclVat, formatPrice } from '../../catalogue/money.ts';
import {
  discountLine,
  grandTotal,
  shippingLine,
  subtotalExclVat,
  subtotalInclVat,
  type Totals,
} from '../../magento/wire/shopper-totals.ts';
import { optionsText } from '../../magento/wire/item-options.ts';
import { summaryLines, basketTexts } from '../../features/cart/index.ts';
import { listingTexts } from '../../features/listing/index.ts';
import { strings } from '../../strings.ts';

interface VatAmountProps {
  inclVat: number;
  /** Magento's own figure excl VAT, where it gives one; else worked out from `inclVat`. */
  exclVat?: number | undefined;
  free?: boolean;
}

/** An amount Magento gives incl VAT, in both forms; 0 is "Free" where `free` says so. */
export function VatAmount({ inclVat, exclVat: excl, free = false }: VatAmountProps) {
  if (free && inclVat === 0) return <>{basketTexts.free}</>;
  return (
    <>
      <span className="vat-incl">
        {formatPrice(inclVat)} <span className="checkout-vat">{listingTexts.inclVat}</span>
      </span>
      <span className="vat-excl">
        {formatPrice(excl ?? exclVat(inclVat))} <span className="checkout-vat">{listingTexts.exclVat}</span>
      </span>
    </>
  );
}

interface TotalsSummaryProps {
  totals: Totals;
  /** The delivery method's name, when known (`Next working day`). */
  method?: string | undefined;
  busy?: boolean;
}

export function TotalsSummary({ totals, method, busy = false }: TotalsSummaryProps) {
  const discount = discountLine(totals);
  const shipping = shippingLine(totals).value;
  return (
    <dl className="checkout-totals" aria-busy={busy || undefined} aria-live="polite">
      {summaryLines(totals).map((line) => (
        <div key={line.itemId} className="checkout-totals__line">
          <dt>
            {line.qty} × {line.name}
            {line.options.length > 0 && (
              <span className="checkout-totals__options">{optionsText(line.options)}</span>
            )}
          </dt>
          <dd>
            <VatAmount inclVat={line.rowTotal} exclVat={line.rowTotalExclVat} />
          </dd>
        </div>
      ))}
      <div>
        <dt>{strings.checkout.subtotal}</dt>
        <dd>
          <VatAmount inclVat={subtotalInclVat(totals)} exclVat={subtotalExclVat(totals)} />
        </dd>
      </div>
      {discount && (
        <div>
          <dt>{discount.title}</dt>
          <dd>
            −<VatAmount inclVat={Math.abs(discount.value)} />
          </dd>
        </div>
      )}
      {method && (
        <div>
          <dt>{strings.checkout.delivery}</dt>
          <dd>{method}</dd>
        </div>
      )}
      <div>
        <dt>{strings.basket.totalShipping}</dt>
        <dd>{formatPrice(shipping)}</dd>
      </div>
      <div className="checkout-totals__grand">
        <dt>{strings.basket.total}</dt>
        <dd>{formatPrice(grandTotal(totals))}</dd>
      </div>
    </dl>
  );
}
