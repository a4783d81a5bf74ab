/**
 * Where a signed-out shopper was going among the requisition lists' pages, kept in this tab while they
 * sign in: sign-in lands on My Account, whose requisition lists block sends them on
 * (components/requisition-lists/RequisitionListsBlock.tsx). Sign-in's own way back (`?next=`) is left
 * alone: it is in every page's first script, which has no bytes to spare. One at a time; read once.
 */
import { REQUISITION_LISTS_PAGE } from './paths.ts';

const KEY = 'shop.pendingRequisitionList';

// Only these pages, with an add page's own query: never another site or an arbitrary path.
const SAFE = new RegExp(`^${REQUISITION_LISTS_PAGE}(/add\\?[\\w%.~=&+-]{1,4000})?$`);

export function keepRequisitionReturn(path: string): void {
  try {
    if (SAFE.test(path)) sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the shopper finds the lists in My Account.
  }
}

/** The page kept, forgotten once read; undefined when none (or none safe) was. */
export function takeRequisitionReturn(): string | undefined {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path !== null && SAFE.test(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
