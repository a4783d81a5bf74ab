/**
 * The booking form's fieldsets, each with its legend: the machine (one of the customer's, or any model
 * typed), the job (a repair asks what is wrong), collection or drop-off (collection asks the address) and
 * the contact. Text fields are uncontrolled (`Field`): what was typed stays through refusals; the choices
 * are the form's state. Each refused field says why under it, named by its aria-describedby.
 */
import type { BookingProblems } from '../../features/service-booking/booking.ts';
import { MAX_FAULT } from '../../features/service-booking/booking.ts';
import type { Prefill } from '../../features/service-booking/prefill.ts';
import { serviceBookingTexts as t } from '../../features/service-booking/texts.ts';
import { Field, fieldId } from '../../ui/forms/Field.tsx';

export const FORM = 'book-service';
/** The machine radio that means "the model typed below". */
export const ANOTHER = '';

export interface Choice {
  readonly code: string;
  readonly label: string;
  readonly hint?: string | undefined;
}

function Radios({
  name,
  choices,
  chosen,
  onChoose,
  error,
}: {
  name: string;
  choices: readonly Choice[];
  chosen: string;
  onChoose: (code: string) => void;
  error?: string | undefined;
}) {
  const errorId = `${fieldId(FORM, name)}-error`;
  return (
    <>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      <ul className="booking-radios">
        {choices.map((choice, index) => {
          const id = index === 0 ? fieldId(FORM, name) : `${fieldId(FORM, name)}-${choice.code || 'other'}`;
          const hintId = `${id}-hint`;
          const described = [choice.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
          return (
            <li key={choice.code}>
              <input
                type="radio"
                id={id}
                name={name}
                value={choice.code}
                checked={chosen === choice.code}
                onChange={() => onChoose(choice.code)}
                {...(described ? { 'aria-describedby': described } : {})}
              />
              <label htmlFor={id}>{choice.label}</label>
              {choice.hint && (
                <p className="field-hint" id={hintId}>
                  {choice.hint}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function MachineFields(props: {
  machines: readonly string[];
  chosen: string;
  onChoose: (machine: string) => void;
  problems: BookingProblems;
}) {
  const { machines, chosen, onChoose, problems } = props;
  const typed = machines.length === 0 || chosen === ANOTHER;
  return (
    <fieldset className="booking-fieldset">
      <legend>{t.machineLegend}</legend>
      {machines.length > 0 && (
        <Radios
          name="machine-choice"
          choices={[
            ...machines.map((name) => ({ code: name, label: name })),
            { code: ANOTHER, label: t.machineTyped },
          ]}
          chosen={chosen}
          onChoose={onChoose}
        />
      )}
      {typed && (
        <Field
          form={FORM}
          name="machine"
          label={t.machineTyped}
          hint={t.machineHint}
          error={problems.machine}
        />
      )}
    </fieldset>
  );
}

export function JobFields(props: {
  jobs: readonly (Choice & { needsFault: boolean })[];
  chosen: string;
  onChoose: (job: string) => void;
  problems: BookingProblems;
}) {
  const { jobs, chosen, onChoose, problems } = props;
  const needsFault = jobs.find((job) => job.code === chosen)?.needsFault ?? false;
  const id = fieldId(FORM, 'fault');
  const described = [`${id}-hint`, problems.fault ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="booking-fieldset">
      <legend>{t.jobLegend}</legend>
      <Radios name="job" choices={jobs} chosen={chosen} onChoose={onChoose} error={problems.job} />
      {needsFault && (
        <div className="field">
          <label htmlFor={id}>{t.faultLabel}</label>
          <p className="field-hint" id={`${id}-hint`}>
            {t.faultHint}
          </p>
          <textarea
            id={id}
            name="fault"
            rows={4}
            maxLength={MAX_FAULT}
            required
            aria-invalid={problems.fault ? true : undefined}
            aria-describedby={described}
          />
          {problems.fault && (
            <p className="field-error" id={`${id}-error`}>
              {problems.fault}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

export function HandoverFields(props: {
  handovers: readonly (Choice & { needsAddress: boolean })[];
  chosen: string;
  onChoose: (handover: string) => void;
  workshop: string;
  prefill: Prefill;
  problems: BookingProblems;
}) {
  const { handovers, chosen, onChoose, workshop, prefill, problems } = props;
  const handover = handovers.find((choice) => choice.code === chosen);
  return (
    <fieldset className="booking-fieldset">
      <legend>{t.handoverLegend}</legend>
      <Radios
        name="handover"
        choices={handovers}
        chosen={chosen}
        onChoose={onChoose}
        error={problems.handover}
      />
      {handover?.needsAddress && (
        <fieldset className="booking-fieldset booking-fieldset--inner">
          <legend>{t.addressLegend}</legend>
          <Field
            form={FORM}
            name="street"
            label={t.street}
            autoComplete="address-line1"
            defaultValue={prefill.street}
            error={problems.street}
          />
          <Field
            form={FORM}
            name="city"
            label={t.city}
            autoComplete="address-level2"
            defaultValue={prefill.city}
            error={problems.city}
          />
          <Field
            form={FORM}
            name="postcode"
            label={t.postcode}
            autoComplete="postal-code"
            defaultValue={prefill.postcode}
            error={problems.postcode}
          />
        </fieldset>
      )}
      {handover && !handover.needsAddress && <p>{t.dropOffAt(workshop)}</p>}
    </fieldset>
  );
}

export function ContactFields({ prefill, problems }: { prefill: Prefill; problems: BookingProblems }) {
  return (
    <fieldset className="booking-fieldset">
      <legend>{t.contactLegend}</legend>
      <Field
        form={FORM}
        name="name"
        label={t.name}
        autoComplete="name"
        defaultValue={prefill.name}
        error={problems.name}
      />
      <Field
        form={FORM}
        name="email"
        label={t.email}
        type="email"
        autoComplete="email"
        defaultValue={prefill.email}
        error={problems.email}
      />
      <Field
        form={FORM}
        name="phone"
        label={t.phone}
        type="tel"
        autoComplete="tel"
        defaultValue={prefill.phone}
        error={problems.phone}
      />
    </fieldset>
  );
}
