/**
 * The parts finder's "Your machines": the shopper's machines that have a parts page, linked, in their order.
 * Loaded only for a shopper who keeps machines (parts-finder.client.ts), with the models file it needs.
 */
import type { ModelEntry } from '../../catalogue/fit-files.ts';
import { findModel } from '../../catalogue/fits.ts';
import { loadModels } from '../../features/fits/fit-data.ts';
import { partsPagePath } from '../../features/fits/texts.ts';

/** The machines named (in any typing) that have a parts page, each once. */
function withPages(names: readonly string[], models: readonly ModelEntry[]): ModelEntry[] {
  const keys = models.map((model) => model.key);
  const found = new Set<ModelEntry>();
  for (const name of names) {
    const key = findModel(name, keys);
    const model = models.find((entry) => entry.key === key && entry.parts > 0);
    if (model) found.add(model);
  }
  return [...found];
}

/** Fills the section's list with the machines' links and shows it; leaves it hidden when none has a page. */
export async function showMachines(section: HTMLElement, names: readonly string[]): Promise<void> {
  const mine = withPages(names, await loadModels());
  const list = section.querySelector('ul');
  if (mine.length === 0 || !list) return;
  list.replaceChildren(
    ...mine.map(({ name, slug }) => {
      const item = document.createElement('li');
      const link = item.appendChild(document.createElement('a'));
      link.href = partsPagePath(slug);
      link.textContent = name;
      return item;
    }),
  );
  section.hidden = false;
}
