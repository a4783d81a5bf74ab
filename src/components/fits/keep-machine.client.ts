/**
 * "Add the K 5 to my machines" (KeepMachine.astro): on the click, the My machines store loads and keeps the
 * model (a guest's in this browser, a customer's in Magento), and the button says it is done. Nothing loads
 * before the click.
 */
import { machinesStore } from '../../features/my-machines/index.ts';

/** Wires one control: `box` is KeepMachine.astro's root. */
export function keepMachine(box: HTMLElement): void {
  const button = box.querySelector('button');
  const said = box.querySelector('[role="status"]');
  const model = box.dataset['keepMachine'];
  if (!button || !said || !model) return;
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    machinesStore()
      .then((store) => store.addMachine(model))
      .then(
        () => {
          said.textContent = box.dataset['kept'] ?? '';
          button.hidden = true;
        },
        async (error: unknown) => {
          const { problemText } = await import('../../shop-api/problem.ts');
          said.textContent = problemText(error);
          button.removeAttribute('aria-disabled');
        },
      );
  });
}

/** The parts page's control, wired as the page loads. */
export function initKeepMachine(): void {
  const box = document.querySelector<HTMLElement>('[data-keep-machine]');
  if (box) keepMachine(box);
}
