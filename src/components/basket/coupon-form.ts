/**
 * The basket's discount code field (Basket.astro): Apply sends the code to Magento (features/cart/coupon.ts)
 * and Remove takes it off. Magento's refusal ("The coupon code isn't valid. Verify the code and try
 * again.") is shown beside the field, which keeps what was typed and is marked invalid; a code Magento
 * dropped since it was applied is said in words. Which code is on the basket is always Magento's answer
 * (`coupon_code` in its totals), never this form's memory. One action at a time.
 */
import { applyCoupon, droppedCoupon, removeCoupon, basketTexts } from '../../features/cart/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { couponCode, type Totals } from '../../magento/wire/shopper-totals.ts';
import { findParts } from '../../ui/find-parts.ts';

const findCouponParts = (root: ParentNode) =>
  findParts(root, {
    form: ['[data-coupon-form]', HTMLFormElement],
    entry: ['[data-coupon-entry]', HTMLElement],
    input: ['[data-coupon-input]', HTMLInputElement],
    apply: ['[data-coupon-apply]', HTMLButtonElement],
    applied: ['[data-coupon-applied]', HTMLElement],
    appliedText: ['[data-coupon-applied-text]', HTMLElement],
    remove: ['[data-coupon-remove]', HTMLButtonElement],
    message: ['[data-coupon-message]', HTMLElement],
  });

type Parts = NonNullable<ReturnType<typeof findCouponParts>>;

export class CouponForm {
  private readonly parts: Parts;
  /** The code on the basket as Magento's last totals said, '' when none; undefined before any totals. */
  private code: string | undefined;
  private busy = false;

  private constructor(parts: Parts) {
    this.parts = parts;
    parts.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.apply();
    });
    parts.remove.addEventListener('click', () => void this.remove());
    parts.input.addEventListener('input', () => {
      if (parts.input.getAttribute('aria-invalid') === 'true') this.say('', false);
    });
  }

  static find(root: ParentNode): CouponForm | null {
    const parts = findCouponParts(root);
    return parts && new CouponForm(parts);
  }

  /** Magento's totals for the basket as it now is: which code is on it, and whether one was dropped. */
  totals(totals: Totals): void {
    const dropped = droppedCoupon(totals);
    this.code = couponCode(totals);
    if (dropped) this.say(basketTexts.couponDropped(dropped), false);
    this.paint();
  }

  private paint(): void {
    const { entry, applied, appliedText, remove, apply } = this.parts;
    const code = this.code ?? '';
    entry.hidden = code !== '';
    applied.hidden = code === '';
    appliedText.textContent = basketTexts.couponActive(code);
    remove.setAttribute('aria-label', basketTexts.couponRemoveLabel(code));
    for (const button of [apply, remove]) {
      if (this.busy) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
    }
    apply.textContent = this.busy && code === '' ? basketTexts.applying : basketTexts.couponApply;
  }

  /** A message beside the field; `invalid` marks the field as the one at fault. */
  private say(text: string, invalid: boolean): void {
    const { message, input } = this.parts;
    message.textContent = text;
    message.classList.toggle('basket-coupon__message--problem', invalid);
    if (invalid) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  private async run(work: () => Promise<string>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.paint();
    try {
      this.say(await work(), false);
    } catch (error) {
      this.say(problemText(error), true);
      this.parts.input.focus();
    } finally {
      this.busy = false;
      this.paint();
    }
  }

  private async apply(): Promise<void> {
    const typed = this.parts.input.value.trim();
    if (typed === '') {
      this.say(basketTexts.couponEmpty, true);
      this.parts.input.focus();
      return;
    }
    await this.run(async () => {
      await applyCoupon(typed);
      this.parts.input.value = '';
      return basketTexts.couponApplied(typed);
    });
  }

  private async remove(): Promise<void> {
    const code = this.code ?? '';
    await this.run(async () => {
      await removeCoupon();
      // Until the totals come back, the field shows again, ready for another code.
      this.code = '';
      this.parts.entry.hidden = false;
      this.parts.applied.hidden = true;
      this.parts.input.focus();
      return basketTexts.couponRemoved(code);
    });
  }
}
