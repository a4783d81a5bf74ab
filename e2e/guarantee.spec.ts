/**
 * Guarantee registration (issue 54) as a shopper meets it: the demo customer registers the machine of their
 * past order from "Register & review your machine", is told what is wrong with a serial number of the wrong
 * shape without losing what they typed, then sees until when the machine is guaranteed and downloads its
 * certificate; the registration is listed in My machines. A machine's product page links to the
 * registration with its model filled in, without adding a script.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { guaranteeSettings } from '../src/features/guarantee/settings.ts';
import { serialShapeOf } from '../src/features/guarantee/rules.ts';
import { guaranteeTexts } from '../src/features/guarantee/texts.ts';
import { expectMail } from './support/mail.ts';
import { productPages } from './support/catalogue.ts';
import { wcagViolations } from './support/axe.ts';
import { MAGENTO_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

const MAGENTO = `${MAGENTO_URL}/rest/V1`;
const DEMO = { email: 'shopper@example.com', password: 'Shopper123!' };

/** The demo customer's `my_machines` as Magento keeps it, and a way to put it back. */
async function demoMachines(value?: string): Promise<string> {
  const json = { 'Content-Type': 'application/json' };
  const token = (await (
    await fetch(`${MAGENTO}/integration/customer/token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: DEMO.email, password: DEMO.password }),
    })
  ).json()) as string;
  const auth = { ...json, Authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${MAGENTO}/customers/me`, { headers: auth })).json()) as {
    custom_attributes?: { attribute_code: string; value: unknown }[];
  };
  const current = me.custom_attributes?.find((a) => a.attribute_code === 'my_machines')?.value;
  if (value !== undefined) {
    const others = (me.custom_attributes ?? []).filter((a) => a.attribute_code !== 'my_machines');
    await fetch(`${MAGENTO}/customers/me`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        customer: { ...me, custom_attributes: [...others, { attribute_code: 'my_machines', value }] },
      }),
    });
  }
  return typeof current === 'string' ? current : '';
}

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(`/customer/sign-in?next=${encodeURIComponent(next)}`);
  await expect(page.locator(`astro-island[opts*='"name":"SignInForm"']:not([ssr])`)).toBeAttached();
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(next);
}

test('the demo customer registers the machine of their order and downloads its certificate', async ({
  page,
  request,
}) => {
  const machinesBefore = await demoMachines();
  try {
    await page.goto('/register-review');
    await page.getByRole('link', { name: 'Register your machine' }).first().click();
    await expect(page).toHaveURL(/\/customer\/sign-in\?next=%2Fcustomer%2Fregister-machine/);
    await signIn(page, '/customer/register-machine');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register your machine');

    // The machine of the demo order is offered, chosen already.
    const choice = page.getByRole('group', { name: 'Which machine?' });
    const offered = choice.getByRole('radio').first();
    await expect(offered).toBeChecked();
    await expect(choice.locator('label').first()).toHaveText(/, order \d+ of \d+ \w+ \d{4}$/);
    const model = await page.evaluate(async () => {
      const answer = (await (await fetch('/guarantee/ordered')).json()) as { machines: { model: string }[] };
      return answer.machines[0]?.model ?? '';
    });

    // A serial of the wrong shape: the summary takes focus, the field says why, what was typed stays.
    const serial = page.getByLabel('Serial number', { exact: true });
    await serial.fill('12');
    await page.getByRole('button', { name: 'Register machine' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following:' });
    await expect(summary).toBeFocused();
    await expect(serial).toHaveAttribute('aria-invalid', 'true');
    await expect(serial).toHaveValue('12');
    expect(await wcagViolations(page), 'the form with a refused serial').toEqual([]);

    // The demo order's machine is a Professional pressure washer: its family's shape, a serial of the day.
    const shape = serialShapeOf(model, guaranteeSettings);
    const fresh = shape.example.replace(/\d{4}$/, String(Date.now() % 10_000).padStart(4, '0'));
    await serial.fill(fresh);
    await page.getByRole('button', { name: 'Register machine' }).click();
    const result = page.getByRole('heading', { name: 'Your machine is registered' });
    await expect(result).toBeFocused();
    await expect(page.getByText(/^Guaranteed until \d+ \w+ \d{4}$/).first()).toBeVisible();
    await expect(
      page
        .getByText('Professional machines are registered with their standard guarantee', { exact: false })
        .first(),
    ).toBeVisible();
    expect(await wcagViolations(page), 'the registration made').toEqual([]);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download certificate' }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^guarantee-certificate-GC-[0-9A-Z]+\.pdf$/);
    const pdf = readFileSync((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The confirmation arrives by e-mail with the same certificate.
    const mail = await expectMail(request, DEMO.email, guaranteeTexts.mailSubject(model));
    expect(mail.attachments.map((a) => a.filename)).toContain(download.suggestedFilename());
    expect(mail.text).toContain(fresh);

    // My machines lists it, with its certificate.
    await page.goto('/customer');
    const registered = page.getByRole('region', { name: 'My machines' }).getByRole('list', {
      name: 'Registered machines',
    });
    await expect(registered.getByText(`Serial number: ${fresh}`)).toBeVisible();
  } finally {
    await demoMachines(machinesBefore);
  }
});

test('a machine’s product page links to its registration with the model filled in', async ({ page }) => {
  const machine = productPages().find((product) => product.fit.model !== null && product.visibility === 4);
  if (!machine?.fit.model) throw new Error('The e2e catalogue has no machine with a page.');
  await page.goto(`/${machine.urlKey}`);
  const link = page.getByRole('link', { name: 'Register this machine for its guarantee' });
  await expect(link).toHaveAttribute(
    'href',
    `/customer/register-machine?model=${encodeURIComponent(machine.fit.model)}`,
  );
  await link.click();
  await expect(page).toHaveURL(/\/customer\/sign-in\?next=/);
  await signIn(page, `/customer/register-machine?model=${encodeURIComponent(machine.fit.model)}`);
  await page.getByRole('radio', { name: 'A machine bought elsewhere' }).check();
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue(machine.fit.model);
});
