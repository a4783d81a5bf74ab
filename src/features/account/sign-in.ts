/**
 * Signing in: what each feature's hooks carry (the guest's cart, wish list and machines) goes to the server
 * to be merged into the customer's, and the features are told, each step in the order the composition
 * place gave (account/session.ts `onSignIn`). Only the sign-in form imports this and those hooks (not
 * every page's shell, which signs out: sign-out.ts), so what they carry costs a catalogue page nothing.
 * Answers are read by hand (no zod). Imports no feature.
 */
import { asNumber, handReader, isRecord } from '@cleaning-shop/kit/reader.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { $login, signInHooks } from './session.ts';

const signedInReply = handReader((value) =>
  isRecord(value) && value['signedIn'] === true ? value : undefined,
);

/**
 * Signs in, sending what the hooks carry to be merged into the customer's. Answers how many products the
 * wish list's merge added; undefined when there was nothing to merge or the merge failed (the guest's list
 * is then kept for the next sign-in: a failed merge never fails the sign-in).
 */
export async function signIn(
  email: string,
  password: string,
): Promise<{ wishlistAdded: number | undefined }> {
  const hooks = signInHooks();
  const carried: Record<string, unknown> = {};
  for (const hook of hooks) Object.assign(carried, await hook.carry?.());
  const reply = await shopFetch('/session', {
    method: 'POST',
    body: { email, password, ...carried },
    schema: signedInReply,
  });
  $login.set('true');
  for (const hook of hooks) hook.taken?.(reply);
  for (const hook of hooks) await hook.follow?.();
  await Promise.all(hooks.map((hook) => hook.refresh?.()));
  return { wishlistAdded: asNumber(reply['wishlistAdded']) };
}
