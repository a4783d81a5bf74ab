/**
 * "Does it fit my machine?" once the shopper reaches for it (on-first-use.client.ts loads this, through
 * fits.client.ts): the form
 * answers in place from the fit files (features/fits/fit-data.ts), never from the back end. Without
 * JavaScript the same form goes to the parts finder with what was typed.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { fitTexts, PARTS_FINDER_PATH, partsPagePath } from '../../features/fits/texts.ts';
import { checkFit, nearestAlternative, readPartFit, type PartFit } from '../../features/fits/fit-check.ts';
import { readJson } from '@cleaning-shop/kit/reader.ts';
import { loadModelParts, loadModels } from '../../features/fits/fit-data.ts';
import type { ModelEntry } from '../../catalogue/fit-files.ts';
import { priceHtml } from '../../ui/card-html.ts';
import { $myMachines } from '../../features/my-machines/index.ts';

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

async function noHtml(model: ModelEntry, part: PartFit): Promise<string> {
  const no = `<strong>${escapeHtml(fitTexts.fitsNo(model.name))}</strong>`;
  const alternative = nearestAlternative(await loadModelParts(model.slug), part);
  if (!alternative) return `${no} ${link(partsPagePath(model.slug), fitTexts.noAlternative(model.name))}`;
  const price = priceHtml(alternative.priceInclVat, alternative.priceExclVat);
  return (
    `${no} ${escapeHtml(fitTexts.alternative(model.name))} ${link(alternative.href, alternative.name)}` +
    (price ? ` <span class="fit-check__price">${price}</span>` : '') +
    ` · ${link(partsPagePath(model.slug), fitTexts.noAlternative(model.name))}`
  );
}

async function answerHtml(typed: string, part: PartFit, productName: string): Promise<string> {
  const answer = checkFit(typed, part, await loadModels());
  switch (answer.kind) {
    case 'empty':
      return escapeHtml(fitTexts.checkEmpty);
    case 'unknown':
      return `${escapeHtml(fitTexts.unknownModel(answer.typed))} ${link(PARTS_FINDER_PATH, fitTexts.partsFinder)}`;
    case 'yes':
      return `<strong>${escapeHtml(fitTexts.fitsYes(productName, answer.model.name))}</strong>`;
    case 'no':
      return noHtml(answer.model, part);
  }
}

/** "Or pick one of your machines": a button per machine the shopper keeps, which asks about it at once. */
function offerMyMachines(root: HTMLElement, form: HTMLFormElement, input: HTMLInputElement): void {
  const mine = root.querySelector<HTMLElement>('[data-fit-mine]');
  if (!mine) return;
  $myMachines.subscribe((machines) => {
    mine.hidden = !machines?.length;
    mine.innerHTML = machines?.length
      ? `<p>${escapeHtml(fitTexts.checkMine)}</p><ul>${machines
          .map(
            (name) =>
              `<li><button type="button" class="button button--secondary" data-machine="${escapeHtml(name)}">${escapeHtml(name)}</button></li>`,
          )
          .join('')}</ul>`
      : '';
  });
  mine.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-machine]') : null;
    if (!button) return;
    input.value = button.dataset.machine ?? '';
    form.requestSubmit();
  });
}

export function initFitCheck(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-fit-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const output = root.querySelector<HTMLElement>('[data-fit-answer]');
  const part = readPartFit(readJson(root.dataset.fit));
  if (!form || !input || !output || !part) return;
  const productName = root.dataset.fitName ?? '';
  offerMyMachines(root, form, input);
  let asked = 0;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const question = ++asked;
    answerHtml(input.value, part, productName).then(
      (html) => {
        if (question === asked) output.innerHTML = html;
      },
      () => {
        if (question === asked) output.textContent = fitTexts.checkFailed;
      },
    );
  });
}
