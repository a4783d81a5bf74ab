/** The order pages' load guard: a signed-out shopper signs in, then comes back to the page they asked for. */
import { signedInOr } from '../features/account/index.ts';
import { signInAndBack } from '../shop-api/navigation.ts';

export const signedInHere = (): string | null =>
  signedInOr(signInAndBack(window.location.pathname + window.location.search))();
