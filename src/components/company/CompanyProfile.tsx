/** The company page's profile and credit: what the role may see of them (Adobe answers nothing else). */
import { companyTexts as t, type CompanyAnswer, type CompanyMoney } from '../../features/company/index.ts';

const amount = (money: CompanyMoney | null): string =>
  money
    ? new Intl.NumberFormat('en-GB', { style: 'currency', currency: money.currency }).format(money.value)
    : '–';

const day = (date: string): string => {
  const parsed = new Date(`${date.replace(' ', 'T')}${date.includes('Z') ? '' : 'Z'}`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/London',
      });
};

function Facts({ company }: { company: CompanyAnswer }) {
  const rows: [string, string][] = [
    [t.companyName, company.name],
    [t.legalName, company.legalName],
    [t.companyEmail, company.email],
    [t.vatNumber, company.vatNumber],
    [t.registrationNumber, company.registrationNumber],
    [t.administrator, company.administrator],
  ];
  return (
    <dl className="company__facts">
      {rows
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      {company.address && (
        <div>
          <dt>{t.legalAddress}</dt>
          <dd>
            {company.address.map((line) => (
              <span key={line} className="company__line">
                {line}
              </span>
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}

function History({ history }: { history: NonNullable<CompanyAnswer['history']> }) {
  if (history.length === 0) return <p>{t.noCreditHistory}</p>;
  return (
    <table className="company__table">
      <caption>{t.creditHistory}</caption>
      <thead>
        <tr>
          <th scope="col">{t.historyDate}</th>
          <th scope="col">{t.historyOperation}</th>
          <th scope="col">{t.historyAmount}</th>
          <th scope="col">{t.historyBy}</th>
        </tr>
      </thead>
      <tbody>
        {history.map((operation, index) => (
          <tr key={`${operation.date}-${String(index)}`}>
            <td>{day(operation.date)}</td>
            <td>{operation.type.charAt(0) + operation.type.slice(1).toLowerCase()}</td>
            <td>{amount(operation.amount)}</td>
            <td>{operation.by}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CompanyProfile({ company }: { company: CompanyAnswer }) {
  return (
    <>
      <section className="company__section" aria-labelledby="company-profile">
        <h2 id="company-profile">{t.profile}</h2>
        <Facts company={company} />
      </section>
      {company.credit && (
        <section className="company__section" aria-labelledby="company-credit">
          <h2 id="company-credit">{t.credit}</h2>
          <dl className="company__facts">
            <div>
              <dt>{t.creditLimit}</dt>
              <dd>{amount(company.credit.limit)}</dd>
            </div>
            <div>
              <dt>{t.availableCredit}</dt>
              <dd>{amount(company.credit.available)}</dd>
            </div>
            <div>
              <dt>{t.outstandingBalance}</dt>
              <dd>{amount(company.credit.outstanding)}</dd>
            </div>
          </dl>
          {company.history && <History history={company.history} />}
        </section>
      )}
    </>
  );
}
