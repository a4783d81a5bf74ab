/**
 * The product page's alerts, once the shopper reaches for them (ProductAlerts.astro): a press subscribes
 * the signed-in customer (a stock alert for the chosen size of a configurable, a price alert for the
 * product) and says so under the buttons with the way to My alerts. A guest is asked to sign in or create
 * an account, and the alert they asked for waits in the tab (features/alerts/pending.ts): sign-in brings
 * them back to `#alerts`, which loads this at once, and the alert is made then.
 */
import {
  ALERTS_HASH,
  ALERTS_PAGE,
  alertsTexts as t,
  keepPendingAlert,
  subscribeToAlert,
  takePendingAlert,
  type AlertKind,
} from '../../features/alerts/index.ts';
import { $signedIn } from '../../features/account/index.ts';
import { createAccountAndBack, signInAndBack } from '../../shop-api/navigation.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import { problemText } from '../../shop-api/problem.ts';
import { chosenSku } from '../../ui/chosen-variant.ts';

const link = (href: string, text: string, className = ''): HTMLAnchorElement => {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = text;
  if (className) anchor.className = className;
  return anchor;
};

const paragraph = (...parts: (string | Node)[]): HTMLParagraphElement => {
  const p = document.createElement('p');
  p.append(...parts);
  return p;
};

/** The guest's way in: sign in, or create an account, and back to this page's alerts. */
function askToSignIn(answer: HTMLElement): void {
  const back = `${window.location.pathname}${ALERTS_HASH}`;
  answer.replaceChildren(
    paragraph(t.guest),
    paragraph(
      link(signInAndBack(back), t.signIn, 'button'),
      ' ',
      link(createAccountAndBack(back), t.createAccount, 'button button--secondary'),
    ),
  );
}

async function subscribe(root: HTMLElement, kind: AlertKind, sku: string): Promise<void> {
  const answer = root.querySelector<HTMLElement>('[data-alert-answer]');
  if (!answer) return;
  if (!$signedIn.get()) {
    keepPendingAlert({ kind, sku });
    return askToSignIn(answer);
  }
  root.setAttribute('aria-busy', 'true');
  try {
    await subscribeToAlert(kind, sku);
    answer.replaceChildren(
      paragraph(kind === 'stock' ? t.stockSaved : t.priceSaved, ' ', link(ALERTS_PAGE, t.seeMine)),
    );
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) {
      keepPendingAlert({ kind, sku });
      askToSignIn(answer);
    } else {
      // The shop's own refusal (a product no longer sold) as it says it; down or unreachable: try again.
      const refused = error instanceof ShopApiError && error.status > 0 && error.status < 500;
      answer.replaceChildren(paragraph(refused ? problemText(error) : t.notSaved));
    }
  } finally {
    root.removeAttribute('aria-busy');
  }
}

export function initAlerts(root: HTMLElement): void {
  const sku = root.dataset['sku'];
  if (!sku) return;
  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-alert]') : null;
    const kind = button?.dataset['alert'];
    if (kind === 'stock') void subscribe(root, kind, chosenSku(sku));
    if (kind === 'price') void subscribe(root, kind, sku);
  });
  // Back from signing in: the alert asked for as a guest.
  const children = (root.dataset['children'] ?? '').split(' ').filter(Boolean);
  const pending = $signedIn.get() ? takePendingAlert([sku, ...children]) : undefined;
  if (pending) void subscribe(root, pending.kind, pending.sku);
}
