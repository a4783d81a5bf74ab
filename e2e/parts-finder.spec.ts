/**
 * The parts finder (issue 39): from a machine to everything that fits it, by its model in any typing, by
 * the part number on its label in any typing, or picked by kind and family, with JavaScript on (suggestions
 * as the shopper types, Enter to the best match) and off (a plain form the storefront server answers, plain
 * links). What names no machine is said so, with what was typed kept in the box. The machine is picked
 * from the e2e catalogue and the build's fit files, not hard-coded.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { ModelEntry } from '../src/catalogue/fit-files.ts';
import { fitTexts, finderTexts } from '../src/features/fits/texts.ts';
import { MY_MACHINES_KEY } from '../src/features/my-machines/guest.ts';
import { wcagViolations } from './support/axe.ts';
import { catalogue } from './support/catalogue.ts';
import { expect, test } from './support/test.ts';

interface Machine {
  model: ModelEntry;
  /** The part number on its label, as Magento keeps it ("1.673-600.0"). */
  label: string;
}

/**
 * A machine with a page whose model has a parts page, and whose label number leads to that model: a K 5
 * when the demo has one, else the first such machine.
 */
async function demoMachine(request: APIRequestContext): Promise<Machine> {
  const models = (await (await request.get('/fit-data/models.json')).json()) as ModelEntry[];
  const labels = (await (await request.get('/fit-data/labels.json')).json()) as Record<string, string>;
  const candidates = catalogue().products.flatMap((product) => {
    const model = models.find(({ name }) => name === product.fit.model);
    const label = product.modelNumber;
    if (!model || model.parts === 0 || !label || product.visibility === 1) return [];
    return labels[label.replace(/\D/g, '')] === model.slug && /^\p{L}+ \d+$/u.test(model.name)
      ? [{ model, label }]
      : [];
  });
  const found = candidates.find(({ model }) => model.name === 'K 5') ?? candidates[0];
  if (!found)
    throw new Error('The e2e catalogue has no machine whose model has parts (is the fits seed in?).');
  return found;
}

/** The model as a shopper might type it in a hurry: lower case, no space ("K 5" → "k5"). */
const hurried = (name: string): string => name.toLowerCase().replace(/\s+/g, '');

/** The digits of a label in groups of their own ("1.673-600.0" → "1 673 600 0"). */
const spaced = (label: string): string => label.replace(/\D+/g, ' ').trim();

/** The finder's box: a search box, a combobox once its script runs. */
const box = (page: Page) => page.getByLabel(finderTexts.label, { exact: true });

async function expectPartsPage(page: Page, model: ModelEntry): Promise<void> {
  await expect(page).toHaveURL(`/parts-finder/${model.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fitTexts.partsFor(model.name));
}

/**
 * Types `typed` in the finder and presses Enter. With JavaScript the page answers itself, so the form's
 * server route must not be asked (a failure is its fallback); without, the form goes there.
 */
async function find(page: Page, typed: string, javaScriptEnabled: boolean): Promise<void> {
  await page.goto('/parts-finder');
  const sent: string[] = [];
  const record = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === '/parts-finder/find') sent.push(request.url());
  };
  page.on('request', record);
  await box(page).fill(typed);
  await box(page).press('Enter');
  await page.waitForLoadState();
  page.off('request', record);
  expect(sent.length > 0, `the form was sent to the server: ${sent.join(', ')}`).toBe(!javaScriptEnabled);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the parts finder finds a machine by its model, typed any way', async ({ page, request }) => {
      const { model } = await demoMachine(request);
      await find(page, hurried(model.name), javaScriptEnabled);
      await expectPartsPage(page, model);
      await find(page, `${model.name} Premium Power Control`, javaScriptEnabled);
      await expectPartsPage(page, model);
    });

    test('the parts finder finds a machine by the part number on its label', async ({ page, request }) => {
      const { model, label } = await demoMachine(request);
      await find(page, label, javaScriptEnabled);
      await expectPartsPage(page, model);
      await find(page, spaced(label), javaScriptEnabled);
      await expectPartsPage(page, model);
    });

    test('the parts finder lists every machine by kind and family, as links', async ({ page, request }) => {
      const { model } = await demoMachine(request);
      await page.goto('/parts-finder');
      const kind = page.getByRole('region', { name: model.kind ?? finderTexts.otherKind, exact: true });
      const family = model.name.replace(/\s*\d.*$/, '');
      await expect(
        kind.getByRole('heading', { name: finderTexts.family(family), exact: true }),
      ).toBeVisible();
      await kind.getByRole('link', { name: model.name, exact: true }).click();
      await expectPartsPage(page, model);
    });

    test('the parts finder says when nothing matched, keeping what was typed', async ({ page }) => {
      const typed = 'Zeta 9000 <turbo>';
      await find(page, typed, javaScriptEnabled);
      await expect(page.getByRole('alert').filter({ hasText: finderTexts.noMatch(typed) })).toBeVisible();
      await expect(box(page)).toHaveValue(typed);
      await expect(box(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('heading', { name: finderTexts.pickTitle })).toBeVisible();
      if (javaScriptEnabled) await expect(page).toHaveURL('/parts-finder');
      else {
        await expect(page).toHaveTitle(new RegExp(`^${finderTexts.noMatchTitle(typed)}`));
        expect(new URL(page.url()).pathname).toBe('/parts-finder/find');
      }
    });
  });
}

test('the parts finder suggests machines as the shopper types; a suggestion leads to its parts', async ({
  page,
  request,
}) => {
  const { model, label } = await demoMachine(request);
  await page.goto('/parts-finder');
  await box(page).fill(hurried(model.name));
  const options = page.getByRole('listbox', { name: finderTexts.suggestions }).getByRole('option');
  await expect(options.first()).toContainText(model.name);
  // A label number: its labels are read only now.
  await box(page).fill(label);
  await expect(options.first()).toContainText(model.name);
  await expect(options.first()).toContainText(finderTexts.byLabel);
  await box(page).press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box(page).press('Enter');
  await expectPartsPage(page, model);
});

test("the parts finder links a guest's own machines; a shopper without any sees none", async ({
  page,
  request,
}) => {
  const { model } = await demoMachine(request);
  await page.goto('/parts-finder');
  await expect(page.getByRole('region', { name: finderTexts.mineTitle })).toBeHidden();
  // A guest who keeps a machine in this browser (My machines), typed as they typed it.
  await page.evaluate(([key, name]) => localStorage.setItem(key, JSON.stringify([name])), [
    MY_MACHINES_KEY,
    hurried(model.name),
  ] as const);
  await page.reload();
  const mine = page.getByRole('region', { name: finderTexts.mineTitle });
  await mine.getByRole('link', { name: model.name, exact: true }).click();
  await expectPartsPage(page, model);
});

test('the parts finder is in the menus of both audiences and the footer, and passes axe', async ({
  page,
}) => {
  await page.goto('/');
  for (const audience of ['Home & Garden', 'Professional']) {
    await page.getByRole('navigation', { name: 'Main menu' }).getByText(audience, { exact: true }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: fitTexts.partsFinder }),
    ).toBeVisible();
  }
  await page.getByRole('contentinfo').getByRole('link', { name: fitTexts.partsFinder }).click();
  await expect(page).toHaveURL('/parts-finder');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(finderTexts.title);
  expect(await wcagViolations(page)).toEqual([]);
  await box(page).fill('k');
  expect(await wcagViolations(page)).toEqual([]);
});
