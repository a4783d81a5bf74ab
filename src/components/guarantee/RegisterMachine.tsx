/**
 * `components/guarantee/`: guarantee registration (issue 54) as React islands: the registration page
 * (this file, its state in use-register-machine.ts, its parts in RegistrationParts.tsx) and the list of
 * registered machines (GuaranteeRegistrations, also in My machines). Rules, texts and calls live in
 * `features/guarantee/`.
 *
 * The page: the machines of the customer's orders offered with their order, or a machine bought
 * elsewhere by model (filled in from a product page's link) and purchase date; its serial number and an
 * optional receipt photo. Refused fields say why beside them and in a summary that takes focus; nothing
 * typed is lost. Registered, the result says until when it is guaranteed (or why there is no extra year)
 * and offers the certificate.
 */
import { REGISTER_MACHINE_PATH } from '../../features/guarantee/paths.ts';
import { guaranteeTexts as t } from '../../features/guarantee/texts.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { GuaranteeRegistrations } from './GuaranteeRegistrations.tsx';
import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import { MachineChoice, MachineDetails, Result, summaryProblems } from './RegistrationParts.tsx';
import { ELSEWHERE, useRegisterMachine } from './use-register-machine.ts';
import '../../styles/forms.css';
import './guarantee.css';

const FORM = 'register-machine';

export default function RegisterMachine() {
  const query = typeof window === 'undefined' ? '' : window.location.search;
  const model = new URLSearchParams(query).get('model') ?? '';
  const s = useRegisterMachine(`${REGISTER_MACHINE_PATH}${query}`);
  if (s.ordered.status !== 'ready')
    return <LoadStatus state={s.ordered} className="account-status" text={t.loadingForm} onRetry={s.retry} />;
  return (
    <div className="guarantee">
      <p>{t.intro}</p>
      {s.registered ? (
        <Result registration={s.registered} heading={s.result} onAgain={s.again} />
      ) : (
        <form
          className="guarantee__form"
          onSubmit={(event) => void s.submitted(event)}
          noValidate
          aria-describedby={s.refused ? `${FORM}-summary` : undefined}
        >
          <ErrorSummary
            id={`${FORM}-summary`}
            title={t.errorsHeading}
            message={s.refused}
            problems={s.refused ? summaryProblems(FORM, s.problems) : []}
            focusKey={s.answered}
          />
          <MachineChoice
            form={FORM}
            machines={s.machines}
            chosen={s.chosen}
            onChoose={s.choose}
            error={s.problems.machine}
          />
          <MachineDetails
            form={FORM}
            elsewhere={s.chosen === ELSEWHERE}
            model={model}
            problems={s.problems}
          />
          <button type="submit" className="button" aria-disabled={s.busy || undefined}>
            {s.busy ? t.submitting : t.submit}
          </button>
        </form>
      )}
      <GuaranteeRegistrations key={s.registered?.certificate ?? 'none'} heading="h2" />
    </div>
  );
}
