/**
 * The company page (issue 68, /company): the signed-in customer's company as their role lets them see it
 * (profile, credit, users and teams, roles and permissions, the invitation form), the way to the company's
 * quotes for a role that may see them, and what they changed said below the heading. A customer in no
 * company is offered to register one.
 */
import { companyTexts as t, REGISTER_PAGE } from '../../features/company/index.ts';
import { FormError } from '../../ui/forms/Field.tsx';
import { CompanyQuotesBlock } from '../quotes/QuotesBlock.tsx';
import { LoadFailed, Loading } from '../../ui/forms/LoadStatus.tsx';
import { CompanyProfile } from './CompanyProfile.tsx';
import { CompanyRoles } from './CompanyRoles.tsx';
import { CompanyUsers } from './CompanyUsers.tsx';
import { useCompany } from './use-company.ts';
import '../../styles/forms.css';
import './company.css';

export default function CompanyAccount() {
  const { loaded, said, refused, busy, change, act, reload } = useCompany();
  if (loaded.status === 'loading') return <Loading className="company" text={t.loading} />;
  if (loaded.status === 'failed')
    return (
      <LoadFailed
        className="company"
        message={loaded.message}
        retryText={t.retry}
        onRetry={() => void reload()}
      />
    );
  const { company } = loaded;
  if (!company)
    return (
      <div className="company">
        <p>{t.noCompany}</p>
        <p>
          <a href={REGISTER_PAGE}>{t.registerLink}</a>
        </p>
      </div>
    );
  const actions = { busy, change, act };
  return (
    <div className="company" aria-busy={busy || undefined}>
      <p className="company__said" role="status">
        {said}
      </p>
      <FormError id="company-error" message={refused} />
      <CompanyProfile company={company} />
      <CompanyQuotesBlock />
      <CompanyUsers company={company} actions={actions} />
      <CompanyRoles company={company} actions={actions} />
    </div>
  );
}
