/**
 * The review form, drawn in place below "Write a review" when the shopper first presses it (the product
 * page loads none of this before: DESIGN.md §5). It asks the storefront server what the store allows now
 * (`GET /reviews/form`) and shows one of:
 * - the form: a group of radio buttons per rating of the store (its names; "1 star" to "5 stars", drawn as
 *   stars), nickname (the customer's first name when signed in), summary and review, sent to
 *   `POST /reviews`; on success the form gives way to the thanks, since Magento keeps the review for a
 *   merchant to approve;
 * - "Sign in to write a review" for a guest where only customers may write, back to this form afterwards;
 * - a line saying reviews cannot be written, when the store has them off.
 * Validation is the server's (review.ts): each problem is written under its field, which names it as its
 * description, and focus goes to the first. Magento's refusal or an outage is written above the buttons;
 * nothing typed is lost, and Cancel only hides the form until the button is pressed again.
 *
 * Plain DOM, no React: a few KB on the product page's first press rather than React's 60.
 */
import { reviewFormTexts as t } from '../../features/reviews/form-texts.ts';
import { sessionExpired } from '../../features/account/index.ts';
import { signInAndBack } from '../../shop-api/navigation.ts';
import { notify } from '../../features/notify/index.ts';
import { ShopApiError, shopFetch, UNAVAILABLE } from '../../shop-api/shop-api.ts';
import { reviewFormAnswer, reviewSent } from '../../features/reviews/answer.ts';
import {
  REVIEW_LIMITS,
  reviewProblems,
  WRITE_REVIEW_HASH,
  type ReviewDraft,
  type ReviewField,
  type ReviewForm,
  type ReviewProblem,
  type ReviewTextField,
} from '../../features/reviews/review.ts';

type Attributes = Record<string, string | boolean | undefined>;

/** An element with attributes (false and undefined left out, true as an empty value) and children. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined && value !== false) element.setAttribute(name, value === true ? '' : value);
  element.append(...children);
  return element;
}

const ID = 'review-form';
const fieldKey = (field: ReviewField): string =>
  typeof field === 'string' ? field : `rating-${field.rating}`;

/** The panel each button opened (kept while the page lives, so Cancel and a second press lose nothing). */
const panels = new WeakMap<HTMLElement, HTMLElement>();
const opening = new WeakSet<HTMLElement>();

/** A line of the panel: its heading says whose review it is, and takes focus when the panel opens. */
function panelFor(productName: string): { panel: HTMLElement; heading: HTMLElement } {
  const heading = el('h3', { id: `${ID}-heading`, tabindex: '-1' }, t.heading(productName));
  const panel = el('div', { class: 'review-form' }, heading);
  return { panel, heading };
}

/** One rating's group: its name as the legend, a radio button per value, the line for its problem. */
function ratingGroup(rating: ReviewForm['ratings'][number], index: number): HTMLFieldSetElement {
  const errorId = `${ID}-rating-${index}-error`;
  const stars = rating.values.map((value) =>
    el(
      'label',
      { class: 'review-star' },
      el('input', { type: 'radio', name: `rating-${index}`, value: value.id, required: true }),
      el('span', { class: 'visually-hidden' }, t.stars(value.value)),
    ),
  );
  return el(
    'fieldset',
    { class: 'review-form__rating', 'data-field': fieldKey({ rating: rating.id }), 'data-error': errorId },
    el('legend', {}, rating.name),
    el('div', { class: 'review-stars' }, ...stars),
    el('p', { class: 'field-error', id: errorId, hidden: true }),
  );
}

const TEXT_FIELDS: readonly { name: ReviewTextField; label: string; hint?: string; multiline?: boolean }[] = [
  { name: 'nickname', label: t.nickname, hint: t.nicknameHint },
  { name: 'summary', label: t.summary, hint: t.summaryHint },
  { name: 'text', label: t.text, multiline: true },
];

function textField(field: (typeof TEXT_FIELDS)[number], value: string): HTMLElement {
  const id = `${ID}-${field.name}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const attributes: Attributes = {
    id,
    name: field.name,
    required: true,
    'aria-describedby': hintId,
    // The columns' limits, with room to see the message about a paste that runs over.
    maxlength: String(REVIEW_LIMITS[field.name] + 1_000),
    autocomplete: field.name === 'nickname' ? 'nickname' : 'off',
  };
  const input = field.multiline
    ? el('textarea', { ...attributes, rows: '6' })
    : el('input', { ...attributes, type: 'text' });
  input.value = value;
  return el(
    'div',
    { class: 'review-form__field', 'data-field': field.name, 'data-error': `${id}-error` },
    el('label', { class: 'review-form__label', for: id }, field.label),
    ...(hintId ? [el('p', { class: 'review-form__hint', id: hintId }, field.hint ?? '')] : []),
    input,
    el('p', { class: 'field-error', id: `${id}-error`, hidden: true }),
  );
}

/** The inputs of a field's block: the radio buttons of a rating, or the one text input. */
const inputsOf = (block: HTMLElement): (HTMLInputElement | HTMLTextAreaElement)[] => [
  ...block.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
];

/** Writes (or clears) a field's problem under it, and ties it to its inputs as their description. */
function markField(block: HTMLElement, message: string | undefined): void {
  const errorId = block.dataset['error'] ?? '';
  const line = block.querySelector<HTMLElement>(`#${CSS.escape(errorId)}`);
  if (line) {
    line.textContent = message ?? '';
    line.hidden = message === undefined;
  }
  for (const input of inputsOf(block)) {
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== errorId);
    if (message !== undefined) described.push(errorId);
    if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
    else input.removeAttribute('aria-describedby');
    if (message === undefined) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
  }
}

/** The draft as the form holds it now. */
function readDraft(form: HTMLFormElement, sku: string, ratings: ReviewForm['ratings']): ReviewDraft {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const chosen = ratings.flatMap((rating, index) => {
    const value = text(`rating-${index}`);
    return value ? [{ id: rating.id, value_id: value }] : [];
  });
  return { sku, nickname: text('nickname'), summary: text('summary'), text: text('text'), ratings: chosen };
}

/** Marks every field by `problems` (clearing the rest) and takes focus to the first at fault. */
function showProblems(form: HTMLFormElement, problems: readonly ReviewProblem[]): void {
  const byField = new Map(problems.map((problem) => [fieldKey(problem.field), problem.message]));
  for (const block of form.querySelectorAll<HTMLElement>('[data-field]'))
    markField(block, byField.get(block.dataset['field'] ?? ''));
  const first = problems[0];
  const block =
    first && form.querySelector<HTMLElement>(`[data-field="${CSS.escape(fieldKey(first.field))}"]`);
  if (block) inputsOf(block)[0]?.focus();
}

/** What the shopper reads when the server refused or could not be reached. */
const sendProblem = (error: unknown): string =>
  error instanceof ShopApiError && error.status !== 0 && error.message && error.message !== UNAVAILABLE
    ? error.message
    : t.sendUnavailable;

/** "Sign in to write a review", coming back to this product's form. */
const signInLink = (): HTMLAnchorElement =>
  el('a', { class: 'button', href: signInAndBack(`${location.pathname}${WRITE_REVIEW_HASH}`) }, t.signIn);

function drawForm(panel: HTMLElement, settings: ReviewForm, sku: string, onCancel: () => void): void {
  const { ratings } = settings;
  const alert = el('p', { class: 'form-error', role: 'alert' });
  const signIn = el('p', { hidden: true }, signInLink());
  const submit = el('button', { type: 'submit', class: 'button' }, t.submit);
  const cancel = el('button', { type: 'button', class: 'button button--secondary' }, t.cancel);
  const form = el(
    'form',
    { novalidate: true },
    ...ratings.map(ratingGroup),
    ...TEXT_FIELDS.map((field) =>
      textField(field, field.name === 'nickname' ? (settings.nickname ?? '') : ''),
    ),
    alert,
    signIn,
    el('div', { class: 'form-actions' }, submit, cancel),
  );
  panel.append(el('p', {}, t.moderated, ' ', t.required), form);

  // A field the shopper changes loses its problem until the next submit judges it again.
  const clear = (event: Event) => {
    const block = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-field]') : null;
    if (block && inputsOf(block).some((input) => input.hasAttribute('aria-invalid')))
      markField(block, undefined);
  };
  form.addEventListener('input', clear);
  form.addEventListener('change', clear);
  cancel.addEventListener('click', onCancel);

  let sending = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const draft = readDraft(form, sku, ratings);
    const problems = reviewProblems(draft, ratings);
    showProblems(form, problems);
    alert.textContent = '';
    signIn.hidden = true;
    if (problems.length > 0) return;
    sending = true;
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = t.sending;
    shopFetch('/reviews', { method: 'POST', body: draft, schema: reviewSent }).then(
      () => {
        const thanks = el(
          'p',
          { class: 'review-form__thanks', tabindex: '-1' },
          el('strong', {}, t.thanks),
          ' ',
          t.thanksDetail,
        );
        panel.replaceChildren(thanks);
        thanks.focus();
      },
      (error: unknown) => {
        sending = false;
        submit.removeAttribute('aria-disabled');
        submit.textContent = t.submit;
        alert.textContent = sendProblem(error);
        if (error instanceof ShopApiError && error.status === 401) {
          // The session is over, or guests may no longer write: either way, signing in is the way on.
          sessionExpired();
          signIn.hidden = false;
        }
      },
    );
  });
}

/** What the panel holds once the settings are known: the form, the sign-in link, or why there is none. */
function drawPanel(panel: HTMLElement, settings: ReviewForm, sku: string, onCancel: () => void): void {
  if (!settings.enabled) panel.append(el('p', {}, t.off));
  else if (!settings.signedIn && !settings.guestsMayWrite)
    panel.append(el('p', {}, t.signInWhy), el('p', {}, signInLink()));
  else drawForm(panel, settings, sku, onCancel);
}

/**
 * Opens the review form below `button` (a `[data-write-review]` with `data-sku` and `data-name`): asks the
 * server what the store allows, draws the form in place and takes focus to its heading. A second press
 * after Cancel shows the same form, with what was typed.
 */
export async function openReviewForm(button: HTMLElement): Promise<void> {
  const kept = panels.get(button);
  const close = () => {
    const panel = panels.get(button);
    if (panel) panel.hidden = true;
    button.hidden = false;
    button.focus();
  };
  if (kept) {
    kept.hidden = false;
    button.hidden = true;
    kept.querySelector<HTMLElement>('h3')?.focus();
    return;
  }
  if (opening.has(button)) return;
  opening.add(button);
  const label = button.textContent;
  button.setAttribute('aria-disabled', 'true');
  button.textContent = t.loading;
  try {
    const settings = await shopFetch('/reviews/form', { schema: reviewFormAnswer });
    // The browser thought it signed in, but the server says the session is over: it is, for the header too.
    if (!settings.signedIn) sessionExpired();
    const { panel, heading } = panelFor(button.dataset['name'] ?? '');
    drawPanel(panel, settings, button.dataset['sku'] ?? '', close);
    panels.set(button, panel);
    button.after(panel);
    button.hidden = true;
    heading.focus();
  } catch {
    // The shop's notice (the page's one live region), so the button stays to press again.
    notify(t.formUnavailable, 'alert');
  } finally {
    button.textContent = label;
    button.removeAttribute('aria-disabled');
    opening.delete(button);
  }
}
