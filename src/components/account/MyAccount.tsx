/**
 * `components/account/`: what the browser draws for a customer's account, as React islands on the
 * account pages: sign in (SignInForm), create an account (CreateAccountForm), My Account (this file) and
 * its edit forms (ManageAccount); `src/styles/forms.css` is the look of every shopper form and account block, which
 * the checkout, orders, trade, privacy and My machines islands import too. State and rules live in
 * `features/account/`.
 *
 * My Account (spec §2): signed-out shoppers (or a session the server says is over) go to sign-in.
 * Three summary blocks from `customers/me`, each with an edit link: Account Information and the default
 * billing and shipping addresses, found by the customer's default address ids; then what other features
 * add (account-panels.tsx): the latest orders, the trade account, the customer's machines (My machines),
 * and the way to the customer's data and privacy (download it, delete the account).
 */
import { Fragment } from 'react';
import { signedInOr } from '../../features/account/session.ts';
import { strings } from '../../strings.ts';
import { fetchCountries, fetchCustomer } from '../../features/account/api.ts';
import { addressSummary, defaultAddress } from '../../features/account/customer.ts';
import type { CustomerAddress } from '../../magento/wire/address.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import type { Country } from '../../magento/wire/directory.ts';
import { SIGN_IN_PATH } from '../../shop-api/navigation.ts';
import '../../styles/forms.css';
import { ACCOUNT_PANELS } from './account-panels.tsx';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';

const t = strings.shopper;

function Block({
  id,
  title,
  href,
  rows,
  empty,
}: {
  id: string;
  title: string;
  href: string;
  rows: [string, string][] | undefined;
  empty?: string;
}) {
  return (
    <section className="account-block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows ? (
        <dl>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p>{empty}</p>
      )}
      <a href={href}>
        {t.editLink}
        <span className="visually-hidden"> {title}</span>
      </a>
    </section>
  );
}

function addressRows(address: CustomerAddress | undefined, customer: Customer, countries: Country[]) {
  if (!address) return undefined;
  const summary = addressSummary(address, countries);
  return [
    [t.fullName, summary.fullName],
    [t.address, summary.address],
    [t.country, summary.country],
    [t.tel, summary.telephone],
    [t.email, customer.email ?? ''],
  ] satisfies [string, string][];
}

async function loadAccount(): Promise<{ customer: Customer; countries: Country[] }> {
  const [customer, countries] = await Promise.all([
    fetchCustomer(),
    fetchCountries().catch((): Country[] => []),
  ]);
  return { customer, countries };
}

export default function MyAccount() {
  const { state, retry } = useLoad(loadAccount, { guard: signedInOr(SIGN_IN_PATH), signIn: true });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;

  const { customer, countries } = state.value;
  const billing = defaultAddress(customer, 'billing');
  const shipping = defaultAddress(customer, 'shipping');
  const a = strings.account;
  return (
    <div className="account-blocks">
      <Block
        id="account-information"
        title={a.accountInformation}
        href="/customer/manage/contact"
        rows={[
          [t.name, customer.firstname ?? ''],
          [t.surname, customer.lastname ?? ''],
          [t.email, customer.email ?? ''],
          [t.tel, (billing ?? shipping)?.telephone ?? ''],
        ]}
      />
      <Block
        id="billing-address"
        title={a.billingAddress}
        href="/customer/manage/bill_addr"
        rows={addressRows(billing, customer, countries)}
        empty={t.noAddress}
      />
      <Block
        id="shipping-address"
        title={a.shippingAddress}
        href="/customer/manage/shipp_addr"
        rows={addressRows(shipping, customer, countries)}
        empty={t.noAddress}
      />
      {ACCOUNT_PANELS.map((Panel, at) => (
        <Panel key={at} customer={customer} />
      ))}
    </div>
  );
}
