/**
 * `components/privacy/`: the React islands of "Your data and privacy" (this file): downloading the
 * customer's data (DownloadMyData) and deleting the account (DeleteMyAccount), with their look
 * (`privacy.css`). The requests they make live in `features/privacy/`.
 *
 * "Your data and privacy" (issue 41, /customer/privacy): for the signed-in customer (signed-out shoppers
 * sign in first and come back), whose e-mail address it names, two parts: "Download my data" and
 * "Delete my account".
 */
import { fetchCustomer, signedInOr } from '../../features/account/index.ts';
import { ACCOUNT_PATH, signInAndBack } from '../../shop-api/navigation.ts';
import { MY_DATA_PAGE } from '../../shop-api/navigation.ts';
import { strings } from '../../strings.ts';
import { DeleteMyAccount } from './DeleteMyAccount.tsx';
import { DownloadMyData } from './DownloadMyData.tsx';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import '../../styles/forms.css';
import './privacy.css';

const t = strings.myData;

export default function MyDataPrivacy() {
  const { state, retry } = useLoad(fetchCustomer, {
    guard: signedInOr(signInAndBack(MY_DATA_PAGE)),
    signIn: true,
    comeBack: true,
  });
  if (state.status !== 'ready')
    return (
      <LoadStatus state={state} className="account-status" text={strings.shopper.loading} onRetry={retry} />
    );
  return (
    <div className="privacy-parts">
      <p className="privacy-intro">
        {t.intro} {t.signedInAs(state.value.email ?? '')}
      </p>
      <DownloadMyData />
      <DeleteMyAccount />
      <p>
        <a href={ACCOUNT_PATH}>{strings.orders.backToAccount}</a>
      </p>
    </div>
  );
}
