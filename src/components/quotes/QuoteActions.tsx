/**
 * What a buyer may do with an answered quote: change quantities, ask again with a comment, or order at
 * these prices with a PO number (on account, to their default address). Each says what it did or why
 * not; what was typed stays after a refusal.
 */
import { useState, type FormEvent } from 'react';
import {
  askAgain,
  changeQuantities,
  mayOrder,
  orderQuote,
  quotesTexts as t,
  type Quote,
} from '../../features/quotes/index.ts';
import { problemText } from '../../shop-api/problem.ts';

interface Props {
  readonly quote: Quote;
  readonly onChange: (quote: Quote) => void;
}

type Said = { text: string; problem: boolean } | null;

function useAction() {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  async function run(work: () => Promise<string>): Promise<void> {
    if (busy) return;
    setBusy(true);
    setSaid(null);
    try {
      setSaid({ text: await work(), problem: false });
    } catch (error) {
      setSaid({ text: problemText(error), problem: true });
    } finally {
      setBusy(false);
    }
  }
  return { busy, said, run };
}

function Quantities({ quote, onChange }: Props) {
  const [wanted, setWanted] = useState(() => new Map(quote.lines.map((line) => [line.uid, line.quantity])));
  const { busy, said, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = [...wanted].map(([uid, quantity]) => ({ uid, quantity }));
    void run(async () => {
      onChange(await changeQuantities(quote.uid, lines));
      return t.quantitiesChanged;
    });
  };
  return (
    <form className="quote-section" onSubmit={submit} aria-label={t.saveQuantities}>
      {quote.lines.map((line) => (
        <p key={line.uid}>
          <label htmlFor={`qty-${line.uid}`}>{line.name}</label>{' '}
          <input
            id={`qty-${line.uid}`}
            className="quote-qty"
            type="number"
            min={1}
            step={1}
            value={wanted.get(line.uid) ?? line.quantity}
            onChange={(event) =>
              setWanted(new Map(wanted).set(line.uid, Math.max(1, Number(event.target.value) || 1)))
            }
          />
        </p>
      ))}
      <button type="submit" className="button button--secondary" disabled={busy}>
        {t.saveQuantities}
      </button>
      <Answer said={said} />
    </form>
  );
}

function AskAgain({ quote, onChange }: Props) {
  const [comment, setComment] = useState('');
  const { busy, said, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      onChange(await askAgain(quote.uid, comment));
      setComment('');
      return t.askedAgain;
    });
  };
  return (
    <form className="quote-section" onSubmit={submit}>
      <label htmlFor="quote-comment">{t.commentLabel}</label>
      <textarea
        id="quote-comment"
        required
        maxLength={2000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <button type="submit" className="button button--secondary" disabled={busy}>
        {t.askAgain}
      </button>
      <Answer said={said} />
    </form>
  );
}

function Order({ quote }: { quote: Quote }) {
  const [po, setPo] = useState('');
  const { busy, said, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => t.ordered(await orderQuote(quote.uid, po)));
  };
  return (
    <form className="quote-section" onSubmit={submit}>
      <label htmlFor="quote-po">{t.poLabel}</label>
      <input id="quote-po" required maxLength={40} value={po} onChange={(e) => setPo(e.target.value)} />
      <button type="submit" className="button" disabled={busy || said?.problem === false}>
        {t.order}
      </button>
      <Answer said={said} />
    </form>
  );
}

function Answer({ said }: { said: Said }) {
  if (!said) return null;
  return (
    <p
      className={said.problem ? 'form-error quote-said' : 'quote-said'}
      role={said.problem ? 'alert' : 'status'}
    >
      {said.text}
    </p>
  );
}

export function QuoteActions({ quote, onChange }: Props) {
  return (
    <>
      {mayOrder(quote) && <Order quote={quote} />}
      <Quantities quote={quote} onChange={onChange} />
      <AskAgain quote={quote} onChange={onChange} />
    </>
  );
}
