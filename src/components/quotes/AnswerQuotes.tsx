/**
 * The demo merchant's page for negotiable quotes (issue 68, /merchant/quotes): with a Magento admin or
 * integration token (kept in this tab only), the quotes with their lines; for each, line prices, a
 * delivery price, an expiry date and a comment, then send to the buyer or decline. Through the storefront
 * server's /admin/negotiable-quotes (src/server/shopper/quote-admin.ts). Demo tooling: plain words.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { problemText } from '../../shop-api/problem.ts';
import { merchantQuoteTexts as t } from '../../features/quotes/index.ts';
import './quotes.css';

const quoteSchema = z.object({
  id: z.number(),
  customer: z.object({ email: z.string() }).nullish(),
  items: z.array(
    z.object({
      item_id: z.number(),
      sku: z.string(),
      name: z.string().nullish(),
      qty: z.number(),
      price: z.number(),
    }),
  ),
  extension_attributes: z.object({
    negotiable_quote: z.object({
      status: z.string(),
      quote_name: z.string().nullish(),
      shipping_price: z.number().nullish(),
      expiration_period: z.string().nullish(),
    }),
  }),
});
type SellerQuote = z.infer<typeof quoteSchema>;
const TOKEN_KEY = 'merchant-token';

const call = <T,>(
  token: string,
  path: string,
  schema: z.ZodType<T>,
  method: 'GET' | 'PUT' | 'POST' = 'GET',
  body?: unknown,
) => shopFetch(path, { method, body, schema, headers: { Authorization: `Bearer ${token}` } });

/** What the merchant types for one quote: its line prices, delivery price, expiry and comment. */
function useAnswerForm(quote: SellerQuote) {
  const negotiable = quote.extension_attributes.negotiable_quote;
  const [prices, setPrices] = useState(() => quote.items.map((item) => String(item.price)));
  const [shipping, setShipping] = useState(String(negotiable.shipping_price ?? ''));
  const [expires, setExpires] = useState(negotiable.expiration_period ?? '');
  const [comment, setComment] = useState('');
  const setPrice = (index: number, value: string) =>
    setPrices(prices.map((one, at) => (at === index ? value : one)));
  const priced = () => ({
    lines: quote.items.map((item, index) => ({ itemId: item.item_id, price: Number(prices[index]) })),
    shipping: shipping === '' ? null : Number(shipping),
    expires: expires || null,
  });
  return { prices, setPrice, shipping, setShipping, expires, setExpires, comment, setComment, priced };
}

type AnswerForm = ReturnType<typeof useAnswerForm>;

/** Sends the prices then the quote to the buyer, or declines it; says which, or Magento's refusal. */
const answerStep =
  (token: string, quote: SellerQuote, form: AnswerForm, done: (text: string) => void) =>
  async (step: 'send' | 'decline', event?: FormEvent) => {
    event?.preventDefault();
    const path = `/admin/negotiable-quotes/${String(quote.id)}`;
    try {
      if (step === 'send') await call(token, path, z.unknown(), 'PUT', form.priced());
      await call(token, `${path}/${step}`, z.unknown(), 'POST', { comment: form.comment });
      done(step === 'send' ? t.sent(quote.id) : t.declined(quote.id));
    } catch (error) {
      done(problemText(error));
    }
  };

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <p>
      <label htmlFor={id}>{label}</label> {children}
    </p>
  );
}

const money = { type: 'number', step: '0.01', min: '0' } as const;

function Answer({ token, quote, done }: { token: string; quote: SellerQuote; done: (text: string) => void }) {
  const negotiable = quote.extension_attributes.negotiable_quote;
  const form = useAnswerForm(quote);
  const step = answerStep(token, quote, form, done);
  const id = (what: string) => `${what}-${String(quote.id)}`;
  return (
    <form
      className="quote-section merchant-quote"
      data-quote-id={quote.id}
      onSubmit={(e) => void step('send', e)}
    >
      <h2>{t.heading(negotiable.quote_name ?? '', negotiable.status, quote.customer?.email ?? '')}</h2>
      {quote.items.map((item, index) => (
        <Field
          key={item.item_id}
          id={id(`price-${String(item.item_id)}`)}
          label={t.unitPrice(item.name ?? item.sku, item.qty)}
        >
          <input
            id={id(`price-${String(item.item_id)}`)}
            {...money}
            value={form.prices[index]}
            onChange={(event) => form.setPrice(index, event.target.value)}
          />
        </Field>
      ))}
      <Field id={id('ship')} label={t.delivery}>
        <input
          id={id('ship')}
          {...money}
          value={form.shipping}
          onChange={(e) => form.setShipping(e.target.value)}
        />
      </Field>
      <Field id={id('exp')} label={t.expires}>
        <input
          id={id('exp')}
          type="date"
          value={form.expires}
          onChange={(e) => form.setExpires(e.target.value)}
        />
      </Field>
      <Field id={id('comment')} label={t.comment}>
        <textarea id={id('comment')} value={form.comment} onChange={(e) => form.setComment(e.target.value)} />
      </Field>
      <button type="submit" className="button">
        {t.send}
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={() => void step('decline')}>
        {t.decline}
      </button>
    </form>
  );
}

export default function AnswerQuotes() {
  const [token, setToken] = useState(() =>
    typeof window === 'undefined' ? '' : (sessionStorage.getItem(TOKEN_KEY) ?? ''),
  );
  const [quotes, setQuotes] = useState<SellerQuote[] | null>(null);
  const [said, setSaid] = useState('');
  const load = async (event?: FormEvent) => {
    event?.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, token);
    try {
      setQuotes(
        await call(
          token,
          '/admin/negotiable-quotes',
          z.object({ quotes: z.array(quoteSchema) }).transform((a) => a.quotes),
        ),
      );
    } catch (error) {
      setSaid(problemText(error));
    }
  };
  const done = (text: string) => {
    setSaid(text);
    void load();
  };
  return (
    <div className="merchant-quotes">
      <form onSubmit={(event) => void load(event)}>
        <label htmlFor="merchant-token">{t.tokenLabel}</label>{' '}
        <input
          id="merchant-token"
          type="password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />{' '}
        <button type="submit" className="button">
          {t.show}
        </button>
      </form>
      <p role="status">{said}</p>
      {quotes?.map((quote) => (
        <Answer key={quote.id} token={token} quote={quote} done={done} />
      ))}
    </div>
  );
}
