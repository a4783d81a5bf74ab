/**
 * The basket lines' "Fits your K 5" (features/my-machines/basket-fits.ts), asked once the lines are shown, so
 * the basket's first paint never waits for it: nothing is loaded for a shopper this browser knows keeps no
 * machines, and one known to keep some has a line of room in every row from the start, so nothing moves when
 * the words come (features/my-machines/hint.ts).
 */
import { $signedIn } from '../../features/account/index.ts';
import { basketFits, knownMachineCount, type YourFits } from '../../features/my-machines/index.ts';

export class RowFits {
  /** The shopper keeps machines, as this browser knows at once: rows keep room for "Fits your …". */
  readonly reserve = (knownMachineCount($signedIn.get()) ?? 0) > 0;
  private fits: YourFits | undefined;
  private asked = false;
  private readonly repaint: () => void;

  /** `repaint` draws the rows again once the fits are known. */
  constructor(repaint: () => void) {
    this.repaint = repaint;
  }

  /** Loads the fits of the shopper's machines, once; a failure leaves the lines without them. */
  load(): void {
    if (this.asked) return;
    this.asked = true;
    if (knownMachineCount($signedIn.get()) === 0) return;
    basketFits()
      .then((module) => module.yourFits())
      .then(
        (fits) => {
          this.fits = fits;
          this.repaint();
        },
        () => undefined,
      );
  }

  /** "Fits your K 5" for a line, once known. */
  of(sku: string, href: string | null | undefined): string | undefined {
    return this.fits?.fitOf(sku, href);
  }
}
