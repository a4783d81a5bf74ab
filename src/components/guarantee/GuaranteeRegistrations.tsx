/**
 * The customer's registered machines (issue 54), in My machines and under the registration form: each
 * with its serial number, the guarantee's end (and why there is no extra year) and its certificate to
 * download; the way to register another. Loads on its own, so nothing around it waits.
 */
import { fetchRegistrations, type ShownRegistration } from '../../features/guarantee/api.ts';
import { certificatePath, REGISTER_MACHINE_PATH } from '../../features/guarantee/paths.ts';
import { extraYearText, guaranteeTexts as t } from '../../features/guarantee/texts.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';

function Registered({ registration: r }: { registration: ShownRegistration }) {
  return (
    <li className="guarantee__registration">
      <strong>
        {r.productName} ({r.model})
      </strong>
      <span>
        {t.serial}: {r.serial}
      </span>
      <span>{t.endsOn(r.endsOn)}</span>
      <span className="guarantee__note">{extraYearText(r)}</span>
      <a href={certificatePath(r.certificate)} download>
        {t.download}
        <span className="visually-hidden">
          {' '}
          {r.model} {r.serial}
        </span>
      </a>
    </li>
  );
}

/**
 * `linkToRegister`: in My machines, the way to the registration page. `heading`: its level, under the
 * section it is in (h3 in My machines, h2 on the registration page).
 */
export function GuaranteeRegistrations({
  linkToRegister = false,
  heading: Heading = 'h3',
}: {
  linkToRegister?: boolean;
  heading?: 'h2' | 'h3';
}) {
  const { state, retry } = useLoad(() => fetchRegistrations(), { signIn: true });
  return (
    <div className="guarantee__list">
      <Heading id="guarantee-registrations">{t.listTitle}</Heading>
      {state.status !== 'ready' ? (
        <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />
      ) : state.value.length === 0 ? (
        <p>{t.listNone}</p>
      ) : (
        <ul aria-labelledby="guarantee-registrations">
          {state.value.map((registration) => (
            <Registered key={registration.certificate} registration={registration} />
          ))}
        </ul>
      )}
      {linkToRegister && (
        <p>
          <a href={REGISTER_MACHINE_PATH}>{t.registerLink}</a>
        </p>
      )}
    </div>
  );
}
