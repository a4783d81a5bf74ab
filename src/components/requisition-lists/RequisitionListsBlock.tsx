/**
 * My Account's way to My requisition lists (issue 68). Sign-in lands here, so this is also where a shopper
 * who signed in from a requisition list's page is sent back to it (features/requisition-lists/pending.ts).
 */
import { useEffect } from 'react';
import {
  REQUISITION_LISTS_PAGE,
  requisitionListsTexts as t,
  takeRequisitionReturn,
} from '../../features/requisition-lists/index.ts';
import { goTo } from '../../shop-api/navigation.ts';

export function RequisitionListsBlock() {
  useEffect(() => {
    const back = takeRequisitionReturn();
    if (back) goTo(back);
  }, []);
  return (
    <section className="account-block" aria-labelledby="my-requisition-lists">
      <h2 id="my-requisition-lists">{t.pageTitle}</h2>
      <p>{t.intro}</p>
      <a href={REQUISITION_LISTS_PAGE}>{t.myAccountLink}</a>
    </section>
  );
}
