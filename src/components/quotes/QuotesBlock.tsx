/**
 * The way to My quotes (issue 68) for a company user whose role may see quotes: My Account's block (as
 * purchase orders have PurchaseOrdersBlock), and a section of the company page. Nothing for anyone else,
 * nor when it cannot be read (a back end without B2B answers no access).
 */
import { useEffect, useState } from 'react';
import { QUOTES_PAGE, quotesTexts as t, readQuoteAccess } from '../../features/quotes/index.ts';

function QuotesLink({ className }: { className: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    void readQuoteAccess().then((access) => setShown(access.view));
  }, []);
  if (!shown) return null;
  return (
    <section className={className} aria-labelledby="my-quotes">
      <h2 id="my-quotes">{t.title}</h2>
      <p>{t.accountIntro}</p>
      <p>
        <a href={QUOTES_PAGE}>{t.accountLink}</a>
      </p>
    </section>
  );
}

/** My Account's block. */
export const QuotesBlock = () => <QuotesLink className="account-block" />;

/** The company page's section. */
export const CompanyQuotesBlock = () => <QuotesLink className="company__section" />;
