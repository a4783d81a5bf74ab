/**
 * Shows or hides the Pay in 3 sentence (PayIn3.astro) in the browser, for the option picker's chosen child
 * and the basket's total: the payment written out, or null to hide it (outside £30–£2,000, or no amount yet).
 * Plain DOM, so the chunks that draw it carry a few lines and the sentence's texts, nothing more.
 */
import { payIn3Texts } from '../../features/checkout/pay-in-3-texts.ts';

export function showPayIn3(line: HTMLElement, amount: string | null): void {
  line.hidden = amount === null;
  const sentence = line.querySelector('[data-pay-in-3-text]');
  const text = amount === null ? '' : payIn3Texts.sentence(amount);
  if (sentence && sentence.textContent !== text) sentence.textContent = text;
}
