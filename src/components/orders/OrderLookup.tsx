/**
 * Order status for guests (`/order-status`): the order number with the billing e-mail and postcode finds
 * the order, shown as a customer's own is, without any account data. Whatever was wrong, the answer is the
 * same "We could not find an order with those details"; too many failures say how long to wait. What was
 * typed stays in the form through every failure, and "Look up another order" brings the form back with it.
 */
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { downloadGuestInvoice, lookUpOrder, ordersProblem } from '../../features/orders/api.ts';
import type { OrderDetail } from '../../features/orders/order.ts';
import { ShopApiError } from '../../features/shop-api.ts';
import { strings } from '../../strings.ts';
import '../account/account.css';
import { Field, FormError, readFields } from '../forms/Field.tsx';
import { useBusy } from '../forms/use-busy.ts';
import { useHydrated } from '../forms/use-hydrated.ts';
import './orders.css';

/** The order's view loads once an order is found: the form alone stays light for the main thread. */
const OrderView = lazy(() => import('./OrderView.tsx').then((module) => ({ default: module.OrderView })));

const FORM = 'order-status';
const ERROR_ID = 'order-status-error';
const FIELDS = ['number', 'email', 'postcode'] as const;
const t = strings.orders;

/** What the shopper reads when the lookup failed: the server's words for "not found" and "wait". */
function lookupProblem(error: unknown): string {
  if (error instanceof ShopApiError && (error.status === 404 || error.status === 429)) return error.message;
  return ordersProblem(error);
}

export default function OrderLookup() {
  const hydrated = useHydrated();
  const [error, setError] = useState('');
  const [typed, setTyped] = useState<Record<(typeof FIELDS)[number], string>>({
    number: '',
    email: '',
    postcode: '',
  });
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const { busy, start, finish } = useBusy();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readFields(event.currentTarget, FIELDS);
    setTyped(values);
    if (FIELDS.some((name) => values[name].trim() === '')) return setError(t.lookupMissing);
    if (!start(true)) return;
    setError('');
    try {
      setOrder(
        await lookUpOrder({
          number: values.number,
          email: values.email.trim(),
          postcode: values.postcode.trim(),
        }),
      );
    } catch (failure) {
      setError(lookupProblem(failure));
    } finally {
      finish();
    }
  }

  if (order)
    return (
      <Suspense fallback={<p role="status">{t.loadingOrder}</p>}>
        <OrderView
          order={order}
          heading="h2"
          downloadInvoice={(invoice) =>
            downloadGuestInvoice(
              { number: typed.number, email: typed.email.trim(), postcode: typed.postcode.trim() },
              invoice,
            )
          }
        />
        <p className="order__back">
          <button type="button" className="button button--secondary" onClick={() => setOrder(null)}>
            {t.lookupAnother}
          </button>
        </p>
      </Suspense>
    );

  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit} noValidate>
      <p>{t.lookupIntro}</p>
      <Field
        form={FORM}
        name="number"
        label={t.lookupNumber}
        autoComplete="off"
        defaultValue={typed.number}
        invalid={error !== ''}
        describedBy={error ? ERROR_ID : undefined}
      />
      <Field
        form={FORM}
        name="email"
        label={t.lookupEmail}
        type="email"
        autoComplete="email"
        defaultValue={typed.email}
        invalid={error !== ''}
        describedBy={error ? ERROR_ID : undefined}
      />
      <Field
        form={FORM}
        name="postcode"
        label={t.lookupPostcode}
        autoComplete="postal-code"
        defaultValue={typed.postcode}
        invalid={error !== ''}
        describedBy={error ? ERROR_ID : undefined}
      />
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated} aria-disabled={busy || undefined}>
          {busy ? t.lookingUp : t.lookupSubmit}
        </button>
      </div>
      <p>
        <a href="/customer/sign-in">{t.lookupSignIn}</a>
      </p>
    </form>
  );
}
