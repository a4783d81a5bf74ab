/**
 * The basket's "Request a quote" (issue 68), loaded by the basket only for a signed-in shopper: shown when
 * the server says their company role may ask for quotes; it asks for one on everything in the basket (the
 * basket's quantities, a name and a note), then leads to the quote's page. Magento empties the basket.
 */
import { mayRequestQuote, quotePage, quotesTexts as t, requestQuote } from '../../features/quotes/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { redirectTo } from '../../shop-api/navigation.ts';

async function send(form: HTMLFormElement, said: HTMLElement): Promise<void> {
  const button = form.querySelector('button');
  const data = new FormData(form);
  if (button) button.disabled = true;
  said.textContent = t.sending;
  try {
    const quote = await requestQuote(String(data.get('name') ?? ''), String(data.get('note') ?? ''));
    said.textContent = t.requested;
    redirectTo(quotePage(quote.uid));
  } catch (error) {
    said.textContent = problemText(error);
    if (button) button.disabled = false;
  }
}

export async function init(section: HTMLElement): Promise<void> {
  const form = section.querySelector<HTMLFormElement>('[data-quote-form]');
  const said = section.querySelector<HTMLElement>('[data-quote-said]');
  if (!form || !said || !(await mayRequestQuote())) return;
  section.hidden = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(form, said);
  });
}
