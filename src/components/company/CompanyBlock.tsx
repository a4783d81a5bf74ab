/**
 * My Account's "Company" block (issue 68): for a company user, their company and the way to it; for a trade
 * customer in no company, the way to register one. Nothing for anyone else, nor when it cannot be read (a
 * back end without B2B answers no company).
 */
import { useEffect, useState } from 'react';
import {
  COMPANY_PAGE,
  companyTexts as t,
  readMyCompany,
  REGISTER_PAGE,
  takeCompanyReturn,
} from '../../features/company/index.ts';
import { readTradeStatus } from '../../features/trade/index.ts';

type Shown = { kind: 'none' } | { kind: 'company'; name: string } | { kind: 'register' };

async function whatToShow(): Promise<Shown> {
  const company = await readMyCompany();
  if (company) return { kind: 'company', name: company.name };
  return (await readTradeStatus()) === 'trade' ? { kind: 'register' } : { kind: 'none' };
}

export function CompanyBlock() {
  const [shown, setShown] = useState<Shown>({ kind: 'none' });
  useEffect(() => {
    // Back to the invitation or the registration the shopper left to sign in.
    const back = takeCompanyReturn();
    if (back) return window.location.assign(back);
    whatToShow().then(setShown, () => undefined);
  }, []);
  if (shown.kind === 'none') return null;
  return (
    <section className="account-block" aria-labelledby="my-company">
      <h2 id="my-company">{t.accountPanelTitle}</h2>
      {shown.kind === 'company' ? (
        <>
          <p>{t.accountPanelText(shown.name)}</p>
          <p>
            <a href={COMPANY_PAGE}>{t.accountPanelLink}</a>
          </p>
        </>
      ) : (
        <>
          <p>{t.accountRegisterText}</p>
          <p>
            <a href={REGISTER_PAGE}>{t.registerLink}</a>
          </p>
        </>
      )}
    </section>
  );
}
