/**
 * The return form of one order: a fieldset per line (ReturnLine), the reason and the wish from the
 * store's lists. The rules run before sending; what they or the server refuse is listed in a summary that
 * takes the focus, each entry linking to its field, and said again under the field. The fields are
 * uncontrolled and stay mounted, so nothing typed is lost on a refusal or a back end down.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { returnsProblem, sendReturn, type ReturnSource } from '../../features/returns/api.ts';
import type { ReturnFacts, ReturnProblem, ReturnRecord } from '../../features/returns/returns.ts';
import { checkReturn } from '../../features/returns/rules.ts';
import { strings } from '../../strings.ts';
import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { readReturnRequest } from './form-request.ts';
import { ReturnLine } from './ReturnLine.tsx';

const t = strings.returns;
const FORM = 'return';

interface FormProps {
  facts: ReturnFacts;
  source: ReturnSource;
  onSent: (record: ReturnRecord) => void;
  onCancel: () => void;
}

function ReasonField({ facts, error }: { facts: ReturnFacts; error: string | undefined }) {
  const id = `${FORM}-reason`;
  return (
    <div className="field">
      <label htmlFor={id}>{t.reason}</label>
      <select
        id={id}
        name="reason"
        defaultValue=""
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t.chooseReason}</option>
        {facts.reasons.map((reason) => (
          <option key={reason.id} value={reason.id}>
            {reason.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function ResolutionField({ facts, error }: { facts: ReturnFacts; error: string | undefined }) {
  const id = `${FORM}-resolution`;
  return (
    <fieldset
      className="return-choices"
      id={id}
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t.resolution}</legend>
      {facts.resolutions.map((resolution) => (
        <label key={resolution.id} className="return-choice">
          <input
            type="radio"
            name="resolution"
            value={resolution.id}
            aria-invalid={error ? true : undefined}
          />{' '}
          {resolution.label}
        </label>
      ))}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function ReturnForm({ facts, source, onSent, onCancel }: FormProps) {
  const [problems, setProblems] = useState<readonly ReturnProblem[]>([]);
  const [refusals, setRefusals] = useState(0);
  const title = useRef<HTMLHeadingElement>(null);
  // Opened from "Return items": the shopper lands on the form's heading.
  useEffect(() => title.current?.focus(), []);
  const { busy, start, finish } = useBusy();
  const byField = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));

  function refuse(found: readonly ReturnProblem[]) {
    setProblems(found);
    setRefusals((count) => count + 1);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = readReturnRequest(event.currentTarget, facts);
    const found = checkReturn(request, facts);
    if (found.length > 0) return refuse(found);
    if (!start(true)) return;
    try {
      const answer = await sendReturn(source, request);
      if ('sent' in answer) onSent(answer.sent);
      else
        refuse(answer.problems.length > 0 ? answer.problems : [{ field: 'lines', message: answer.message }]);
    } catch (error) {
      refuse([{ field: 'lines', message: returnsProblem(error) }]);
    } finally {
      finish();
    }
  }

  return (
    <form
      className="return-form account-form"
      id={FORM}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${FORM}-title`}
    >
      <h2 id={`${FORM}-title`} tabIndex={-1} ref={title}>
        {t.formTitle(facts.order)}
      </h2>
      <p>{t.formIntro}</p>
      <ErrorSummary
        id={`${FORM}-summary`}
        heading="h3"
        title={t.problemsTitle}
        problems={problems.map(({ field, message }) => ({ id: `${FORM}-${field}`, message }))}
        focusKey={refusals}
      />
      <fieldset className="return-lines" id={`${FORM}-lines`} tabIndex={-1}>
        <legend>{t.lines}</legend>
        {facts.lines.map((line) => (
          <ReturnLine
            key={line.orderItemId}
            form={FORM}
            line={line}
            conditions={facts.conditions}
            problems={byField}
          />
        ))}
      </fieldset>
      <ReasonField facts={facts} error={byField['reason']} />
      <ResolutionField facts={facts} error={byField['resolution']} />
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.sending : t.send}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
