/**
 * The payment step's choice for a Trade customer whose cart Magento offers `purchaseorder` (issue 38):
 * pay by card (the usual Pay button) or on account, with a purchase-order number, which the order and
 * its VAT invoice carry. "Confirm order" places it once (a second click while it is placing does
 * nothing; the server refuses a second placing too) and leads to the confirmation. A buyer whose company
 * approves its orders (issue 68) is told so, and the button places a purchase order instead, which leads
 * to its page, waiting for approval (or to the confirmation when no rule held it).
 */
import { useState } from 'react';
import { purchaseOrderTexts as po } from '../../features/purchase-orders/index.ts';
import { placeOnAccount } from '../../features/checkout/on-account.ts';
import { registerOrderPlaced } from './order-placed-hooks.ts';
import { goTo, leftForSignIn } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { MAX_PO_NUMBER } from '../../payments/po-number.ts';
import { strings } from '../../strings.ts';
import { tradeAccountTexts as t } from '../../features/trade/index.ts';
import { Field, FormError } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';

const FORM = 'pay-on-account';
const ERROR_ID = 'pay-on-account-error';

function poProblem(poNumber: string): string | undefined {
  const length = [...poNumber].length;
  if (length === 0) return t.poRequired;
  return length > MAX_PO_NUMBER ? t.poTooLong(MAX_PO_NUMBER, length) : undefined;
}

interface Props {
  back: string;
  /** The company approves its orders: the words say a purchase order (the server decides what is placed). */
  purchaseOrder?: boolean;
  onPlacing: () => Promise<void>;
}

export function PayOnAccount({ back, purchaseOrder = false, onPlacing }: Props) {
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  async function confirm(form: HTMLFormElement) {
    const value = new FormData(form).get('poNumber');
    const poNumber = typeof value === 'string' ? value.trim() : '';
    const found = poProblem(poNumber);
    setProblem(found);
    if (found) return;
    if (!start(true)) return;
    setError('');
    try {
      await onPlacing();
      registerOrderPlaced();
      goTo(await placeOnAccount(poNumber));
    } catch (failure) {
      finish();
      if (!leftForSignIn(failure)) setError(problemText(failure));
    }
  }

  return (
    <form
      id={FORM}
      className="account-form pay-on-account"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm(event.currentTarget);
      }}
      noValidate
    >
      <p>{t.payOnAccountHint}</p>
      {purchaseOrder && <p>{po.purchaseOrderHint}</p>}
      <Field
        form={FORM}
        name="poNumber"
        label={t.poNumber}
        hint={t.poHint}
        error={problem}
        autoComplete="off"
      />
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <a className="button button--secondary" href={back}>
          {strings.basket.return}
        </a>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {purchaseOrder
            ? busy
              ? po.placingPurchaseOrder
              : po.placeAsPurchaseOrder
            : busy
              ? t.confirming
              : t.confirm}
        </button>
      </div>
    </form>
  );
}
