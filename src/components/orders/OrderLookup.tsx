/**
 * Order status for guests (`/order-status`): the order number with the billing e-mail and postcode finds
 * the order, shown as a customer's own is, without any account data. Whatever was wrong, the answer is the
 * same "We could not find an order with those details"; too many failures say how long to wait. What was
 * typed stays in the form through every failure, and "Look up another order" brings the form back with it.
 * Under the order found, its returns and "Return items" (components/returns/GuestReturns.tsx).
 */
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { guestInvoice, lookUpOrder, ordersProblem } from '../../features/orders/api.ts';
import { saveFile } from '../../ui/forms/save-file.ts';
import type { OrderDetail } from '../../features/orders/order.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import { strings } from '../../strings.ts';
import '../../styles/forms.css';
import { Field, FormError, readFields } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { useHydrated } from '../../ui/forms/use-hydrated.ts';
import '../../styles/orders.css';

/** The order's view loads once an order is found: the form alone stays light for the main thread. */
const OrderView = lazy(() => import('./OrderView.tsx').then((module) => ({ default: module.OrderView })));
/** The order's returns and "Return items", loaded with the order's view. */
const GuestReturns = lazy(() => import('../returns/GuestReturns.tsx'));

const FORM = 'order-status';
const ERROR_ID = 'order-status-error';
const FIELDS = ['number', 'email', 'postcode'] as const;
const t = strings.orders;

/** What the shopper reads when the lookup failed: the server's words for "not found" and "wait". */
function lookupProblem(error: unknown): string {
  if (error instanceof ShopApiError && (error.status === 404 || error.status === 429)) return error.message;
  return ordersProblem(error);
}

type Typed = Record<(typeof FIELDS)[number], string>;

/** The lookup's state: what was typed last, the order it found, and why it found none. */
function useLookup() {
  const [error, setError] = useState('');
  const [typed, setTyped] = useState<Typed>({ number: '', email: '', postcode: '' });
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

  return { error, typed, order, busy, submit, another: () => setOrder(null) };
}

/** The order found, with its invoices for the details typed, and the way back to the form. */
function FoundOrder({ order, typed, another }: { order: OrderDetail; typed: Typed; another: () => void }) {
  return (
    <Suspense fallback={<p role="status">{t.loadingOrder}</p>}>
      <OrderView
        order={order}
        heading="h2"
        downloadInvoice={(invoice) =>
          guestInvoice(
            { number: typed.number, email: typed.email.trim(), postcode: typed.postcode.trim() },
            invoice,
          ).then(saveFile)
        }
      />
      <GuestReturns
        proof={{ number: typed.number, email: typed.email.trim(), postcode: typed.postcode.trim() }}
      />
      <p className="order__back">
        <button type="button" className="button button--secondary" onClick={another}>
          {t.lookupAnother}
        </button>
      </p>
    </Suspense>
  );
}

/** The three fields, each kept as typed and marked with the lookup's problem, if any. */
function LookupFields({ typed, error }: { typed: Typed; error: string }) {
  const common = { form: FORM, invalid: error !== '', describedBy: error ? ERROR_ID : undefined };
  return (
    <>
      <Field
        {...common}
        name="number"
        label={t.lookupNumber}
        autoComplete="off"
        defaultValue={typed.number}
      />
      <Field
        {...common}
        name="email"
        label={t.lookupEmail}
        type="email"
        autoComplete="email"
        defaultValue={typed.email}
      />
      <Field
        {...common}
        name="postcode"
        label={t.lookupPostcode}
        autoComplete="postal-code"
        defaultValue={typed.postcode}
      />
    </>
  );
}

export default function OrderLookup() {
  const hydrated = useHydrated();
  const { error, typed, order, busy, submit, another } = useLookup();

  if (order) return <FoundOrder order={order} typed={typed} another={another} />;

  return (
    <form className="account-form" id={FORM} method="post" onSubmit={submit} noValidate>
      <p>{t.lookupIntro}</p>
      <LookupFields typed={typed} error={error} />
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
