/**
 * The parts finder page's script, before any interaction: it makes the box a combobox (WAI-ARIA APG) and
 * loads the suggestions' module (finder-suggest.client.ts), and the models with it, only at the first focus,
 * touch or key in the box, as the header's search box does. Sending the form with JavaScript goes through
 * that module too (Enter goes to the best match); should the module or the models fail to load, the form
 * goes to the storefront server as it does without JavaScript. It also shows the shopper's own machines,
 * linked, when they keep any (finder-mine.client.ts, loaded only then).
 */
import { yourMachines } from '../../features/parts-finder/index.ts';
import type { Finder } from './finder-suggest.client.ts';

function wireForm(form: HTMLFormElement, input: HTMLInputElement, list: Element): void {
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  let finder: Promise<Finder> | undefined;
  const load = (): Promise<Finder> =>
    (finder ??= import('./finder-suggest.client.ts')
      .then((module) => module.attachFinder(form, input))
      .catch((error: unknown) => {
        finder = undefined;
        throw error;
      }));
  const triggers = ['focus', 'pointerdown', 'keydown'] as const;
  const start = () => {
    for (const type of triggers) input.removeEventListener(type, start);
    // Offline, or a new build replaced the file: the next focus tries again.
    load().catch(() => triggers.forEach((type) => input.addEventListener(type, start)));
  };
  for (const type of triggers) input.addEventListener(type, start);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    load().then(
      (loaded) => loaded.go(),
      () => form.submit(),
    );
  });
}

async function showYourMachines(section: HTMLElement): Promise<void> {
  const names = await yourMachines();
  if (names.length === 0) return;
  const { showMachines } = await import('./finder-mine.client.ts');
  await showMachines(section, names);
}

export function initPartsFinder(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-finder]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const list = form?.querySelector('[role="listbox"]');
  if (form && input && list) wireForm(form, input, list);
  const mine = document.querySelector<HTMLElement>('[data-finder-mine]');
  // No machines, or the models out of reach: the section stays hidden; the finder works as ever.
  if (mine) showYourMachines(mine).catch(() => undefined);
}
