/**
 * The company page a signed-out shopper was on when they went to sign in or create an account (joining from
 * an invitation, registering a company), kept in this tab. Sign-in lands on My Account, whose company block
 * sends them back (components/company/CompanyBlock.tsx); sign-in's own way back (`?next=`) is left alone,
 * as it is in every page's first script. Read once.
 */
import { JOIN_PAGE, REGISTER_PAGE } from './api.ts';

const KEY = 'shop.companyReturn';
const PAGES: readonly string[] = [JOIN_PAGE, REGISTER_PAGE];

export function returnHereAfterSignIn(page: string): void {
  try {
    sessionStorage.setItem(KEY, page);
  } catch {
    // Storage refused (private mode): the shopper comes back by the e-mail's link or My Account's.
  }
}

/** The page to go back to, forgotten once read; undefined when none (or none of these) was kept. */
export function takeCompanyReturn(): string | undefined {
  try {
    const page = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return page !== null && PAGES.includes(page) ? page : undefined;
  } catch {
    return undefined;
  }
}
