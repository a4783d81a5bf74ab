/** Where the sandbox answers: Opayo's own paths under `/gateway/service`, plus the local inspection view. */
export const REGISTER_PATH = '/gateway/service/vspserver-register.vsp';
/** NextURL: `{base}/gateway/service/cardselection?vpstxid={VPSTxId}` (§2.1). */
export const CARD_PATH = '/gateway/service/cardselection';
export const CHALLENGE_PATH = '/gateway/service/authentication';
export const INSPECTION_PATH = '/sandbox/transactions';

/** A hosted page's own address (relative, same origin) for a form's `action`. */
export const pagePath = (path: string, vpsTxId: string): string =>
  `${path}?vpstxid=${encodeURIComponent(vpsTxId)}`;
