/**
 * The registration form's parts: the error summary's problems (each linked to its field), the choice of
 * machine (from an order, or bought elsewhere), the machine's details (model and purchase date when bought
 * elsewhere, the serial number, the receipt) and the result. Inputs are uncontrolled: what the shopper typed
 * stays through refusals; fields of the choice not taken are hidden, not dropped.
 */
import type { RefObject } from 'react';
import type { OfferedMachine, ShownRegistration } from '../../features/guarantee/api.ts';
import { certificatePath } from '../../features/guarantee/paths.ts';
import type { RegistrationField } from '../../features/guarantee/register.server.ts';
import { extraYearText, guaranteeTexts as t } from '../../features/guarantee/texts.ts';
import type { SummaryProblem } from '../../ui/forms/ErrorSummary.tsx';
import { Field, fieldId } from '../../ui/forms/Field.tsx';
import { ELSEWHERE, fromOrder } from './use-register-machine.ts';

type Problems = Partial<Record<RegistrationField, string>>;

/** The fields in the form's order: the summary lists their problems so. */
const FIELD_ORDER: readonly RegistrationField[] = ['machine', 'model', 'purchaseDate', 'serial', 'receipt'];

/** The field each problem is shown beside (the machine's: the first radio). */
const target = (form: string, field: RegistrationField): string =>
  field === 'machine' ? `${form}-choice-0` : fieldId(form, field);

/** The problems in the form's order, each linked to the field it is shown beside (the shared error summary's). */
export function summaryProblems(form: string, problems: Problems): SummaryProblem[] {
  return FIELD_ORDER.flatMap((field) => {
    const message = problems[field];
    return message ? [{ id: target(form, field), message }] : [];
  });
}

export function MachineChoice(props: {
  form: string;
  machines: readonly OfferedMachine[];
  chosen: string;
  onChoose: (choice: string) => void;
  error: string | undefined;
}) {
  const errorId = `${props.form}-machine-error`;
  const options = [
    ...props.machines.map((m) => ({
      value: fromOrder(m.orderNumber, m.sku),
      label: t.fromOrder(m.name, m.orderNumber, m.orderedOn),
    })),
    { value: ELSEWHERE, label: t.elsewhere },
  ];
  return (
    <fieldset className="guarantee__choice" aria-describedby={props.error ? errorId : undefined}>
      <legend>{t.choose}</legend>
      {props.machines.length === 0 && <p className="field-hint">{t.noneBoughtHere}</p>}
      {props.machines.length > 0 && <p className="field-hint">{t.boughtHereHint}</p>}
      {options.map((option, index) => (
        <div className="guarantee__option" key={option.value}>
          <input
            type="radio"
            id={`${props.form}-choice-${index}`}
            name="machine"
            value={option.value}
            checked={props.chosen === option.value}
            onChange={() => props.onChoose(option.value)}
          />
          <label htmlFor={`${props.form}-choice-${index}`}>{option.label}</label>
        </div>
      ))}
      {props.error && (
        <p className="field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

export function MachineDetails(props: {
  form: string;
  elsewhere: boolean;
  model: string;
  problems: Problems;
}) {
  const { form, problems } = props;
  const receiptId = fieldId(form, 'receipt');
  return (
    <fieldset className="guarantee__details">
      <legend>{t.machine}</legend>
      <div hidden={!props.elsewhere}>
        <Field
          form={form}
          name="model"
          label={t.model}
          hint={t.modelHint}
          defaultValue={props.model}
          error={problems.model}
          optional={!props.elsewhere}
        />
        <Field
          form={form}
          name="purchaseDate"
          type="date"
          label={t.purchaseDate}
          error={problems.purchaseDate}
          optional={!props.elsewhere}
        />
      </div>
      <Field
        form={form}
        name="serial"
        label={t.serial}
        hint={t.serialHint}
        error={problems.serial}
        autoComplete="off"
      />
      <div className="field">
        <label htmlFor={receiptId}>{t.receipt}</label>
        <p className="field-hint" id={`${receiptId}-hint`}>
          {t.receiptHint}
        </p>
        <input
          id={receiptId}
          name="receipt"
          type="file"
          accept="image/jpeg,image/png,application/pdf"
          aria-invalid={Boolean(problems.receipt) || undefined}
          aria-describedby={[`${receiptId}-hint`, problems.receipt ? `${receiptId}-error` : '']
            .filter(Boolean)
            .join(' ')}
        />
        {problems.receipt && (
          <p className="field-error" id={`${receiptId}-error`}>
            {problems.receipt}
          </p>
        )}
      </div>
    </fieldset>
  );
}

export function Result(props: {
  registration: ShownRegistration;
  heading: RefObject<HTMLHeadingElement | null>;
  onAgain: () => void;
}) {
  const r = props.registration;
  return (
    <section className="guarantee__result" aria-labelledby="guarantee-result">
      <h2 id="guarantee-result" tabIndex={-1} ref={props.heading}>
        {t.registered}
      </h2>
      <p>
        <strong>
          {r.productName} ({r.model})
        </strong>
        , {t.serial.toLowerCase()} {r.serial}
      </p>
      <p className="guarantee__ends">{t.endsOn(r.endsOn)}</p>
      <p>{extraYearText(r)}</p>
      <p>
        {t.certificateNumber}: {r.certificate}
      </p>
      <p className="guarantee__actions">
        <a className="button" href={certificatePath(r.certificate)} download>
          {t.download}
        </a>
        <button type="button" className="button button--secondary" onClick={props.onAgain}>
          {t.registerAnother}
        </button>
      </p>
    </section>
  );
}
