/**
 * Service and repair booking (issue 54) as a shopper meets it: an empty form refused with a summary that
 * names each field, then a repair booked on the next free day, confirmed with its reference and a calendar
 * file to save, with nothing typed lost on the way; the form and the confirmation pass axe's WCAG 2.2 AA
 * rules.
 */
import { readFileSync } from 'node:fs';
import { weekdayText } from '../src/calendar/day-text.ts';
import { serviceBookingTexts as t } from '../src/features/service-booking/texts.ts';
import { wcagViolations } from './support/axe.ts';
import { expectMail } from './support/mail.ts';
import { expect, test } from './support/test.ts';

test('a guest books a repair on the next free day and sees the confirmation', async ({ page, request }) => {
  const days = await page.request.get('/service-bookings/days');
  expect(days.ok()).toBe(true);
  const { nextFree } = (await days.json()) as { nextFree: string };

  await page.goto('/services/book');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.locator(`astro-island[opts*='"name":"BookService"']:not([ssr])`)).toBeAttached();
  const form = page.locator('form.booking-form');
  await expect(form.getByRole('group', { name: t.dayLegend })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // Nothing filled in: the summary says what to do, and each field says it too.
  await form.getByRole('button', { name: t.submit }).click();
  const summary = page.getByRole('alert').filter({ hasText: t.errorSummary });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: t.problems.machine })).toBeVisible();
  await expect(summary.getByRole('link', { name: t.problems.job })).toBeVisible();
  await expect(form.getByLabel(t.machineTyped)).toHaveAccessibleDescription(
    `${t.machineHint} ${t.problems.machine}`,
  );

  await form.getByLabel(t.machineTyped).fill('K 5');
  await form.getByRole('group', { name: t.jobLegend }).getByLabel('Repair').check();
  await form.getByLabel(t.faultLabel).fill('It stops after a minute and the hose leaks.');
  await form
    .getByRole('group', { name: t.handoverLegend })
    .getByLabel('I will drop it off at the shop')
    .check();
  const day = form
    .getByRole('group', { name: t.dayLegend })
    .getByRole('radio', { name: weekdayText(nextFree) });
  await day.check();
  await form.getByLabel(t.name).fill('Ann Smith');
  await form.getByLabel(t.email).fill('ann.smith@example.com');
  // A phone number that is not one: refused, and everything else is still there.
  await form.getByLabel(t.phone).fill('call me');
  await form.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: t.errorSummary })).toBeFocused();
  await expect(form.getByLabel(t.machineTyped)).toHaveValue('K 5');
  await expect(form.getByLabel(t.faultLabel)).toHaveValue('It stops after a minute and the hose leaks.');
  await expect(day).toBeChecked();
  await expect(form.getByLabel(t.name)).toHaveValue('Ann Smith');

  await form.getByLabel(t.phone).fill('0113 496 0000');
  await form.getByRole('button', { name: t.submit }).click();

  const confirmed = page.getByRole('heading', { name: t.confirmedTitle });
  await expect(confirmed).toBeFocused();
  await expect(page.getByText(t.confirmed(weekdayText(nextFree)))).toBeVisible();
  const reference = page.locator('.booking-facts dd').first();
  await expect(reference).toHaveText(/^SB-[A-Z0-9]{8}$/);
  expect(await wcagViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.addToCalendar }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${await reference.textContent()}.ics`);
  const calendar = readFileSync((await download.path()) ?? '', 'utf8');
  expect(calendar).toContain(`DTSTART;VALUE=DATE:${nextFree.replace(/-/g, '')}`);

  // The confirmation arrives by e-mail with the same calendar file.
  const mail = await expectMail(
    request,
    'ann.smith@example.com',
    t.mailBookedSubject((await reference.textContent()) ?? ''),
  );
  expect(mail.attachments.map((a) => a.contentType)).toContainEqual(expect.stringMatching(/^text\/calendar/));
});
