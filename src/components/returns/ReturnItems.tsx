/**
 * "Return items" under an order (the signed-in order page, the guest order lookup's result): the button
 * opens the return form, drawn from the facts the server gives for that order; once sent, the
 * confirmation with the return's number takes the focus (and, for a customer, links to its page).
 */
import { useEffect, useRef, useState } from 'react';
import { fetchReturnFacts, returnsProblem, type ReturnSource } from '../../features/returns/api.ts';
import { returnPath, type ReturnFacts, type ReturnRecord } from '../../features/returns/returns.ts';
import { strings } from '../../strings.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { ReturnForm } from './ReturnForm.tsx';
import './returns.css';

const t = strings.returns;

type Step =
  | { step: 'closed' }
  | { step: 'loading' }
  | { step: 'failed'; message: string }
  | { step: 'form'; facts: ReturnFacts }
  | { step: 'sent'; record: ReturnRecord };

function Sent({ record, source }: { record: ReturnRecord; source: ReturnSource }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="return-sent" aria-labelledby="return-sent-title">
      <h2 id="return-sent-title" tabIndex={-1} ref={heading}>
        {t.sent}
      </h2>
      <p>{t.sentText(record.number)}</p>
      <p>
        {t.status}: {record.status}
      </p>
      {source.kind === 'customer' && (
        <a className="button" href={returnPath(record.id)}>
          {t.viewReturn}
        </a>
      )}
    </section>
  );
}

export function ReturnItems({
  source,
  onSent,
}: {
  source: ReturnSource;
  onSent?: (record: ReturnRecord) => void;
}) {
  const [state, setState] = useState<Step>({ step: 'closed' });
  const opener = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(false);
  // Cancelled: back on "Return items", where the shopper started.
  useEffect(() => {
    if (cancelled && state.step === 'closed') opener.current?.focus();
  }, [cancelled, state.step]);

  async function open() {
    setState({ step: 'loading' });
    try {
      setState({ step: 'form', facts: await fetchReturnFacts(source) });
    } catch (error) {
      setState({ step: 'failed', message: returnsProblem(error) });
    }
  }

  switch (state.step) {
    case 'closed':
      return (
        <p className="return-open">
          <button type="button" className="button button--secondary" ref={opener} onClick={() => void open()}>
            {t.returnItems}
          </button>
        </p>
      );
    case 'loading':
    case 'failed':
      return (
        <LoadStatus
          state={
            state.step === 'loading' ? { status: 'loading' } : { status: 'failed', message: state.message }
          }
          className="return-status"
          text={t.loadingForm}
          onRetry={() => void open()}
        />
      );
    case 'form':
      return (
        <ReturnForm
          facts={state.facts}
          source={source}
          onSent={(record) => {
            setState({ step: 'sent', record });
            onSent?.(record);
          }}
          onCancel={() => {
            setCancelled(true);
            setState({ step: 'closed' });
          }}
        />
      );
    case 'sent':
      return <Sent record={state.record} source={source} />;
  }
}
