/**
 * Guarantee registration through the storefront server, against a real embedded back end over HTTP and the
 * shop's own store (SQLite): the demo customer's machine bought here, a Home & Garden machine that earns
 * the extra year, the refusals a shopper reads (a serial of the wrong shape, a future date, a serial
 * registered by someone else), the certificate, another customer's certificate Not Found, the confirmation
 * queued with the PDF, and the registrations in the data export and gone with the account.
 */
import { extractTextItems } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../../src/calendar/working-days.ts';
import { DEMO_CUSTOMER } from '@cleaning-shop/embedded-magento/seed/seed-database.ts';
import { guaranteeRecords } from '../../src/features/guarantee/registrations.server.ts';
import { addYears, modelKey } from '../../src/features/guarantee/rules.ts';
import { guaranteeSettings } from '../../src/features/guarantee/settings.ts';
import { dayText } from '../../src/calendar/day-text.ts';
import { guaranteeTexts as t } from '../../src/features/guarantee/texts.ts';
import { addDays } from '../../src/calendar/working-days.ts';
import type { OutgoingMail } from '../../src/mail/outbox.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createGuaranteeRoutes } from '../../src/server/shopper/guarantee.ts';
import { createPrivacyRoutes } from '../../src/server/shopper/privacy.ts';
import { createMyMachinesRoutes } from '../../src/server/shopper/my-machines.ts';
import { createSessionRoutes, signInThrottleFor } from '../../src/server/shopper/session.ts';
import { trustedProxies } from '../../src/http/index.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { placeTestOrder } from '../support/orders.ts';
import { sqliteTestStore, type TestStore } from '../support/stores.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const SHOP = {
  name: 'Clearwater Cleaning',
  address: '1 High Street, Leeds',
  phone: '0113 496 0000',
  email: 'help@example.com',
};
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let stores: TestStore;
const queued: { key: string; mail: OutgoingMail }[] = [];
/** The shop's clock: the system's, moved on by `later` days for a registration made after the window. */
let later = 0;
const clock = { now: () => Date.now() + later * 86_400_000 };
const magento = () => ({ baseUrl: backend.url, token: INTEGRATION_TOKEN });

interface Product {
  sku: string;
  custom_attributes?: { attribute_code: string; value: unknown }[];
  extension_attributes: { stock_item: { is_in_stock: boolean; qty: number } };
}

/** A machine in stock of the audience whose skus start so (`HG-`, `PRO-`). */
async function machineOf(prefix: string): Promise<string> {
  const reply = await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=0', {
    token: INTEGRATION_TOKEN,
  });
  const found = (reply.body.items as Product[]).find(
    (p) =>
      p.sku.startsWith(prefix) &&
      p.extension_attributes.stock_item.is_in_stock &&
      p.extension_attributes.stock_item.qty > 2 &&
      p.custom_attributes?.some((a) => a.attribute_code === 'machine_model' && a.value),
  );
  if (!found) throw new Error(`no ${prefix} machine in stock`);
  return found.sku;
}

beforeAll(async () => {
  backend = await startTestBackend();
  stores = sqliteTestStore();
  site = makeFakeSite();
  const records = guaranteeRecords(stores.store, modelKey);
  const throttle = signInThrottleFor({ siteUrl: SITE, signInKey: 'k'.repeat(32) });
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createGuaranteeRoutes({
        magento: magento(),
        records,
        settings: guaranteeSettings,
        clock,
        shop: SHOP,
        outbox: { enqueue: async (key, mail) => void queued.push({ key, mail }) },
        siteUrl: SITE,
      }),
      createMyMachinesRoutes({ magento: magento(), siteUrl: SITE }),
      createPrivacyRoutes({
        magento: magento(),
        graphql: { baseUrl: backend.url },
        records: {
          payments: { of: async () => [], forget: async () => ({ deleted: 0, anonymised: 0 }) },
          guarantees: records,
        },
        siteUrl: SITE,
        trustedProxies: trustedProxies([]),
        throttle,
      }),
    ],
  });
});
afterAll(async () => {
  await shop?.close();
  await backend?.stop();
  await stores?.dispose();
});

interface Answer {
  message?: string;
  problems?: Record<string, string>;
  registration?: {
    certificate: string;
    model: string;
    serial: string;
    endsOn: string;
    noExtraYear: string | null;
    extraYears: number;
    deliveredOn: string;
  };
  registrations?: { certificate: string }[];
  machines?: { orderNumber: string; sku: string; model: string; orderedOn: string }[];
}
const parse = (reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as Answer;
const today = () => wallClock(new Date()).day;

/** A registration form as the browser sends it. */
async function register(session: string, fields: Record<string, string>, receipt?: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (receipt) form.set('receipt', new Blob([receipt.slice()]), 'receipt.jpg');
  const response = await fetch(`${shop.url}/guarantee/registrations`, {
    method: 'POST',
    headers: { Origin: SITE, Cookie: session },
    body: form,
  });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

const get = (session: string, path: string) => raw(shop.url, path, { headers: { Cookie: session } });

async function newShopper() {
  const customer = await backend.newCustomer();
  return { ...customer, session: await sessionCookie(shop.url, SITE, customer.email, customer.password) };
}

describe('registering a machine for its guarantee', () => {
  it('offers the demo customer’s machine with its order and keeps the Professional machine without the extra year', async () => {
    const session = await sessionCookie(shop.url, SITE, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const ordered = await get(session, '/guarantee/ordered');
    expect(ordered.status).toBe(200);
    expect(ordered.headers['cache-control']).toBe('private, no-store');
    const [machine] = parse(ordered).machines ?? [];
    expect(machine).toBeDefined();
    if (!machine) return;
    const reply = await register(session, {
      bought: 'here',
      order: machine.orderNumber,
      sku: machine.sku,
      serial: '004217',
    });
    expect(reply.status, reply.body.toString()).toBe(201);
    const registration = parse(reply).registration;
    expect(registration).toMatchObject({
      model: machine.model,
      serial: '004217',
      noExtraYear: 'professional',
      extraYears: 0,
    });
    expect(registration?.endsOn).toBe(addDays(addYears(machine.orderedOn, 1), -1));

    const listed = parse(await get(session, '/guarantee/registrations')).registrations ?? [];
    expect(listed.map((r) => r.certificate)).toContain(registration?.certificate);
    const mine = JSON.parse((await get(session, '/my-machines')).body.toString()) as { machines: string[] };
    expect(mine.machines).toContain(machine.model);
  });

  it('gives a Home & Garden machine registered within 30 days the extra year, a certificate and a confirmation', async () => {
    const customer = await newShopper();
    const sku = await machineOf('HG-');
    const order = await placeTestOrder(backend, { token: customer.token, lines: [{ sku, qty: 1 }] });
    const offered = parse(await get(customer.session, '/guarantee/ordered')).machines ?? [];
    const machine = offered.find((m) => m.orderNumber === order.number);
    expect(machine?.sku).toBe(sku);
    const fields = { bought: 'here', order: order.number, sku, serial: 'will be replaced' };
    const shape = guaranteeSettings.serialFamilies.find((f) =>
      new RegExp(f.models).test(machine?.model ?? ''),
    );
    fields.serial = shape?.example ?? guaranteeSettings.serialDefault.example;
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const reply = await register(customer.session, fields, jpeg);
    expect(reply.status, reply.body.toString()).toBe(201);
    const registration = parse(reply).registration;
    expect(registration).toMatchObject({ noExtraYear: null, extraYears: 1, deliveredOn: today() });
    expect(registration?.endsOn).toBe(addDays(addYears(today(), 3), -1));

    // A double submit makes one registration.
    const again = await register(customer.session, fields, jpeg);
    expect(again.status).toBe(200);
    expect(parse(again).registration?.certificate).toBe(registration?.certificate);
    expect(parse(await get(customer.session, '/guarantee/registrations')).registrations).toHaveLength(1);

    const pdf = await get(
      customer.session,
      `/guarantee/registrations/${registration?.certificate}/certificate.pdf`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="guarantee-certificate-GC-[0-9A-Z]+\.pdf"$/,
    );
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const { items } = await extractTextItems(new Uint8Array(pdf.body));
    const text = items
      .flat()
      .map((item) => item.str)
      .join(' ');
    expect(text).toContain(fields.serial);
    expect(text).toContain(dayText(registration?.endsOn ?? ''));

    const mail = queued.find(
      (entry) => entry.key === `guarantee-registered:${registration?.certificate}`,
    )?.mail;
    expect(mail?.to).toBe(customer.email);
    expect(mail?.subject).toBe(t.mailSubject(registration?.model ?? ''));
    expect(mail?.text).toContain(dayText(registration?.endsOn ?? ''));
    expect(mail?.attachments?.map((a) => a.filename)).toEqual([
      `guarantee-certificate-${registration?.certificate}.pdf`,
    ]);
    const attached = mail?.attachments?.[0];
    expect(attached?.contentType).toBe('application/pdf');
    expect(
      Buffer.from(attached?.content ?? '')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Queued under one key per registration, so the outbox sends it once however often it is submitted.
    const mailed = queued.filter((entry) => entry.mail.to === customer.email);
    expect(new Set(mailed.map((entry) => entry.key))).toEqual(
      new Set([`guarantee-registered:${registration?.certificate}`]),
    );

    // Another customer's certificate is Not Found.
    const other = await newShopper();
    const theirs = await get(
      other.session,
      `/guarantee/registrations/${registration?.certificate}/certificate.pdf`,
    );
    expect(theirs.status).toBe(404);
  });

  it('keeps a Home & Garden machine registered more than 30 days after delivery without the extra year', async () => {
    const customer = await newShopper();
    const sku = await machineOf('HG-');
    const order = await placeTestOrder(backend, { token: customer.token, lines: [{ sku, qty: 1 }] });
    const machine = parse(await get(customer.session, '/guarantee/ordered')).machines?.[0];
    const shape =
      guaranteeSettings.serialFamilies.find((f) => new RegExp(f.models).test(machine?.model ?? '')) ??
      guaranteeSettings.serialDefault;
    later = 31;
    try {
      const reply = await register(customer.session, {
        bought: 'here',
        order: order.number,
        sku,
        serial: shape.example.replace(/[0-9]/, '5'),
      });
      expect(reply.status, reply.body.toString()).toBe(201);
      expect(parse(reply).registration).toMatchObject({
        noExtraYear: 'late',
        extraYears: 0,
        endsOn: addDays(addYears(today(), 2), -1),
      });
    } finally {
      later = 0;
    }
  });

  it('refuses a serial of the wrong shape and a future date with their messages, and a serial registered by another', async () => {
    const customer = await newShopper();
    const sku = await machineOf('HG-');
    const model = parse(await get(customer.session, '/guarantee/ordered')).machines?.[0]?.model;
    expect(model).toBeUndefined();
    const product = await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN });
    const optionId = (product.body as Product).custom_attributes?.find(
      (a) => a.attribute_code === 'machine_model',
    )?.value;
    const options = await backend.call('GET', '/rest/V1/products/attributes/machine_model/options', {
      token: INTEGRATION_TOKEN,
    });
    const name =
      (options.body as { label: string; value: string }[]).find((o) => o.value === String(optionId))?.label ??
      '';
    const shape =
      guaranteeSettings.serialFamilies.find((f) => new RegExp(f.models).test(name)) ??
      guaranteeSettings.serialDefault;

    const wrong = await register(customer.session, {
      bought: 'elsewhere',
      model: name,
      serial: 'not-a-serial!',
      purchaseDate: addDays(today(), 1),
    });
    expect(wrong.status).toBe(400);
    expect(parse(wrong).problems).toEqual({
      serial: t.serialShape(name, shape.example),
      purchaseDate: t.dateFuture,
    });
    const unknown = await register(customer.session, {
      bought: 'elsewhere',
      model: 'ZZ 9000',
      serial: shape.example,
      purchaseDate: today(),
    });
    expect(parse(unknown).problems?.['model']).toBe(t.modelUnknown('ZZ 9000'));

    const early = await register(customer.session, {
      bought: 'elsewhere',
      model: name,
      serial: shape.example,
      purchaseDate: '1999-12-31',
    });
    expect(parse(early).problems?.['purchaseDate']).toMatch(
      /^This model came out on \d+ \w+ \d{4}: the purchase date can’t be earlier\./,
    );

    const serial = shape.example.replace(/[0-9]/, '7');
    const first = await register(customer.session, {
      bought: 'elsewhere',
      model: name,
      serial,
      purchaseDate: today(),
    });
    expect(first.status, first.body.toString()).toBe(201);
    const other = await newShopper();
    const taken = await register(other.session, {
      bought: 'elsewhere',
      model: name.toLowerCase(),
      serial: serial.toLowerCase(),
      purchaseDate: today(),
    });
    expect(taken.status).toBe(409);
    expect(parse(taken).problems).toEqual({ serial: t.duplicate(SHOP.phone) });
    expect(parse(await get(other.session, '/guarantee/registrations')).registrations).toEqual([]);
  });

  it('refuses a receipt that is not a photo or PDF, by its content', async () => {
    const customer = await newShopper();
    const reply = await register(
      customer.session,
      { bought: 'elsewhere', model: 'ZZ 9000', serial: 'A1B2C3D4', purchaseDate: today() },
      new TextEncoder().encode('MZ this is a program'),
    );
    expect(reply.status).toBe(400);
    expect(parse(reply).problems?.['receipt']).toBe(t.receiptType);
  });

  it('asks for a session and refuses other sites', async () => {
    expect((await get('', '/guarantee/registrations')).status).toBe(401);
    const customer = await newShopper();
    const form = new FormData();
    form.set('bought', 'elsewhere');
    const crossSite = await fetch(`${shop.url}/guarantee/registrations`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: customer.session },
      body: form,
    });
    expect(crossSite.status).toBe(403);
  });

  it('puts the registrations in the data export and removes them with the account', async () => {
    const customer = await newShopper();
    const model = await (async () => {
      const sku = await machineOf('PRO-');
      const product = await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN });
      const id = (product.body as Product).custom_attributes?.find(
        (a) => a.attribute_code === 'machine_model',
      )?.value;
      const options = await backend.call('GET', '/rest/V1/products/attributes/machine_model/options', {
        token: INTEGRATION_TOKEN,
      });
      return (
        (options.body as { label: string; value: string }[]).find((o) => o.value === String(id))?.label ?? ''
      );
    })();
    const shape =
      guaranteeSettings.serialFamilies.find((f) => new RegExp(f.models).test(model)) ??
      guaranteeSettings.serialDefault;
    const serial = shape.example.replace(/[0-9]/, '3');
    const made = await register(customer.session, {
      bought: 'elsewhere',
      model,
      serial,
      purchaseDate: today(),
    });
    expect(made.status, made.body.toString()).toBe(201);

    const exported = await get(customer.session, '/account/data');
    const data = JSON.parse(exported.body.toString()) as {
      shopRecords: { guaranteeRegistrations?: { serial: string }[] };
    };
    expect(data.shopRecords.guaranteeRegistrations?.map((r) => r.serial)).toEqual([serial]);

    const deleted = await raw(shop.url, '/account/delete', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE, Cookie: customer.session },
      body: JSON.stringify({ password: customer.password }),
    });
    expect(deleted.status).toBe(200);
    expect(await guaranteeRecords(stores.store, modelKey).of(customer.id)).toEqual([]);
  });
});
