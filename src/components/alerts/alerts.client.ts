/**
 * The product page's alerts, once the shopper reaches for them (ProductAlerts.astro): a press subscribes
 * the signed-in customer (a stock alert for the chosen size of a configurable, a price alert for the
 * product) and says so under the buttons with the way to My alerts. A guest is asked to sign in or create
 * an account, and the alert they asked for waits in the tab (features/alerts/pending.ts): once signed in,
 * My Account makes it and brings them back to this page (MyAlertsBlock.tsx).
 */
import {
  ALERTS_PAGE,
  alertsTexts as t,
  CREATE_ACCOUNT_PAGE,
  keepPending,
  subscribeToAlert,
  type AlertKind,
} from '../../features/alerts/index.ts';
import { $signedIn } from '../../features/account/index.ts';
import { SIGN_IN_PATH } from '../../shop-api/navigation.ts';
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

/** The guest's way in: sign in, or create an account (then sign in), with the alert kept for after. */
function askToSignIn(answer: HTMLElement, kind: AlertKind, sku: string): void {
  keepPending({ kind, sku, back: window.location.pathname });
  answer.replaceChildren(
    paragraph(t.guest),
    paragraph(
      link(SIGN_IN_PATH, t.signIn, 'button'),
      ' ',
      link(CREATE_ACCOUNT_PAGE, t.createAccount, 'button button--secondary'),
    ),
  );
}

async function subscribe(root: HTMLElement, kind: AlertKind, sku: string): Promise<void> {
  const answer = root.querySelector<HTMLElement>('[data-alert-answer]');
  if (!answer) return;
  if (!$signedIn.get()) return askToSignIn(answer, kind, sku);
  root.setAttribute('aria-busy', 'true');
  try {
    await subscribeToAlert(kind, sku);
    answer.replaceChildren(
      paragraph(kind === 'stock' ? t.stockSaved : t.priceSaved, ' ', link(ALERTS_PAGE, t.seeMine)),
    );
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) askToSignIn(answer, kind, sku);
    else {
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
}

/** What the product page's first script starts (product-page/on-first-use.client.ts). */
export const init = initAlerts;
