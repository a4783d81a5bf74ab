/**
 * One return of the signed-in customer (`/customer/return?id=N`): its status, items and comments, with a
 * comment box. A return that is not theirs, or does not exist, is the same "not found" with the way back
 * to Your returns; Magento down says so with Try again.
 */
import { fetchReturn, returnsProblem } from '../../features/returns/api.ts';
import { RETURNS_PATH, type ReturnRecord } from '../../features/returns/returns.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import { strings } from '../../strings.ts';
import '../../styles/forms.css';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { signedInHere } from '../../ui/signed-in-guard.ts';
import '../../styles/orders.css';
import { ReturnView } from './ReturnView.tsx';

const t = strings.returns;

function idAsked(): number | undefined {
  const id = new URLSearchParams(window.location.search).get('id') ?? '';
  return /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : undefined;
}

async function loadReturn(): Promise<ReturnRecord | null> {
  const id = idAsked();
  if (id === undefined) return null;
  try {
    return await fetchReturn(id);
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 404) return null;
    throw error;
  }
}

export default function CustomerReturn() {
  const { state, retry } = useLoad(loadReturn, {
    guard: signedInHere,
    signIn: true,
    comeBack: true,
    describe: returnsProblem,
  });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loadingReturn} onRetry={retry} />;
  if (state.value === null)
    return (
      <div className="orders-empty">
        <h1 className="page-title">{t.returnNotFound}</h1>
        <a className="button" href={RETURNS_PATH}>
          {t.backToReturns}
        </a>
      </div>
    );
  return (
    <>
      <ReturnView record={state.value} />
      <p className="order__back">
        <a href={RETURNS_PATH}>{t.backToReturns}</a>
      </p>
    </>
  );
}
