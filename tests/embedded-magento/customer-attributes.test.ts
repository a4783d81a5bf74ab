/**
 * A customer's custom attributes over HTTP, as Magento 2.4 reads and saves them (customers/
 * custom-attributes.ts): the shop's `my_machines` ("My machines", text) through `custom_attributes` of
 * `GET/PUT /V1/customers/me`, `GET/PUT /V1/customers/:customerId` and `POST /V1/customers`. Shown only
 * when set; kept by a save that leaves it out; unknown codes dropped without a word; items Magento's
 * deserialiser refuses, refused with its messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ADDRESS } from '../support/addresses.ts';
import { INTEGRATION_TOKEN, startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

interface Customer {
  id: number;
  email: string;
  token: string;
}

const me = (customer: Customer) => backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
const byAdmin = (customer: Customer) =>
  backend.call('GET', `/rest/V1/customers/${String(customer.id)}`, { token: INTEGRATION_TOKEN });

/** A save of the customer's own account, its names and e-mail as they are, with `extra` fields. */
const save = (customer: Customer, extra: Record<string, unknown> = {}) =>
  backend.call('PUT', '/rest/V1/customers/me', {
    token: customer.token,
    body: { customer: { email: customer.email, firstname: 'Robin', lastname: 'Hale', ...extra } },
  });

function expectCustomer(reply: Reply, path: string, method = 'GET'): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateOpenSourceResponse(method, path, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

const machines = (value: string) => [{ attribute_code: 'my_machines', value }];

describe('custom_attributes of a customer', () => {
  it('leaves the key out while the customer has none, and shows a saved one last, to both readers', async () => {
    const customer = await backend.newCustomer();
    const before = await me(customer);
    expectCustomer(before, '/V1/customers/me');
    expect(before.body).not.toHaveProperty('custom_attributes');

    const saved = await save(customer, { custom_attributes: machines('K 5, WD 3') });
    expectCustomer(saved, '/V1/customers/me', 'PUT');
    expect(saved.body.custom_attributes).toEqual(machines('K 5, WD 3'));
    expect(Object.keys(saved.body).slice(-2)).toEqual(['extension_attributes', 'custom_attributes']);
    for (const reply of [await me(customer), await byAdmin(customer)]) {
      expect(reply.body.custom_attributes).toEqual(machines('K 5, WD 3'));
    }
    expectCustomer(await byAdmin(customer), `/V1/customers/${String(customer.id)}`);
  });

  it('keeps the stored value when a save leaves custom_attributes out, and drops it for an empty one', async () => {
    const customer = await backend.newCustomer();
    await save(customer, { custom_attributes: machines('K 4') });
    const kept = await save(customer, { lastname: 'Hale-Moreno' });
    expect(kept.body.lastname).toBe('Hale-Moreno');
    expect(kept.body.custom_attributes).toEqual(machines('K 4'));
    const emptied = await save(customer, { custom_attributes: machines('') });
    expect(emptied.status).toBe(200);
    expect(emptied.body).not.toHaveProperty('custom_attributes');
    await save(customer, { custom_attributes: machines('SC 3') });
    const nulled = await save(customer, {
      custom_attributes: [{ attribute_code: 'my_machines', value: null }],
    });
    expect(nulled.body).not.toHaveProperty('custom_attributes');
    expect((await me(customer)).body).not.toHaveProperty('custom_attributes');
  });

  it('drops an unknown attribute code without a word, keeping the known one', async () => {
    const customer = await backend.newCustomer();
    const reply = await save(customer, {
      custom_attributes: [
        { attribute_code: 'favourite_colour', value: 'yellow' },
        { attribute_code: 'my_machines', value: 'WD 3' },
        { attribute_code: 'loyalty_level', value: { anything: ['at all'] } },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.custom_attributes).toEqual(machines('WD 3'));
    expect((await me(customer)).body.custom_attributes).toEqual(machines('WD 3'));
  });

  it('takes an object of code → value, camelCase attributeCode, and a number as its text', async () => {
    const customer = await backend.newCustomer();
    expect(
      (await save(customer, { custom_attributes: { my_machines: 'K 7' } })).body.custom_attributes,
    ).toEqual(machines('K 7'));
    const camel = await save(customer, {
      customAttributes: [{ attributeCode: 'my_machines', value: 'K 2' }],
    });
    expect(camel.body.custom_attributes).toEqual(machines('K 2'));
    const number = await save(customer, { custom_attributes: [{ attribute_code: 'my_machines', value: 5 }] });
    expect(number.body.custom_attributes).toEqual(machines('5'));
  });

  it('saves them when an admin saves the customer, and when an account is created', async () => {
    const customer = await backend.newCustomer();
    const admin = await backend.call('PUT', `/rest/V1/customers/${String(customer.id)}`, {
      token: INTEGRATION_TOKEN,
      body: {
        customer: {
          email: customer.email,
          firstname: 'Robin',
          lastname: 'Hale',
          custom_attributes: machines('B 60'),
        },
      },
    });
    expectCustomer(admin, `/V1/customers/${String(customer.id)}`, 'PUT');
    expect((await me(customer)).body.custom_attributes).toEqual(machines('B 60'));

    const email = `machines.${String(Date.now())}@example.com`;
    const created = await backend.call('POST', '/rest/V1/customers', {
      body: {
        customer: {
          email,
          firstname: 'Sam',
          lastname: 'Patel',
          addresses: [CUSTOMER_ADDRESS],
          custom_attributes: [...machines('K 5'), { attribute_code: 'no_such_code', value: 'x' }],
        },
        password: 'Sw33p!ngFloors',
      },
    });
    expectCustomer(created, '/V1/customers', 'POST');
    expect(created.body.custom_attributes).toEqual(machines('K 5'));
  });
});

describe('custom_attributes Magento refuses', () => {
  const refused = (details: string) => `Error occurred during "custom_attributes" processing. ${details}`;

  it.each([
    [
      [{ attribute_code: 'my_machines' }],
      'The "my_machines" attribute code doesn\'t have a value set. Enter the value and try again.',
    ],
    [
      [{ value: 'K 5' }],
      'A custom attribute is specified with a missing attribute code. Verify the code and try again.',
    ],
    [[{}], 'An empty custom attribute is specified. Enter the attribute and try again.'],
    [
      ['K 5'],
      'A custom attribute is specified with a missing attribute code. Verify the code and try again.',
    ],
    [
      [{ attribute_code: 'my_machines', value: ['K 5', 'WD 3'] }],
      'Attribute "my_machines" has invalid value. The "array" value\'s type is invalid. The "string" type was expected. Verify and try again.',
    ],
  ])('refuses %j and saves nothing', async (items, details) => {
    const customer = await backend.newCustomer();
    await save(customer, { custom_attributes: machines('K 3') });
    expectError(
      await save(customer, { lastname: 'Changed', custom_attributes: items }),
      400,
      refused(details),
    );
    const after = (await me(customer)).body;
    expect(after.lastname).toBe('Hale');
    expect(after.custom_attributes).toEqual(machines('K 3'));
  });

  it('refuses a value longer than 255 characters with the attribute’s label; 255 is fine', async () => {
    const customer = await backend.newCustomer();
    const long = Array.from({ length: 60 }, (_, i) => `K ${String(i % 8)}`).join(', ');
    expect(long.length).toBeGreaterThan(255);
    expectError(
      await save(customer, { custom_attributes: machines(long) }),
      400,
      '"My machines" length must be equal or less than 255 characters.',
    );
    // 255 characters once trimmed as PHP trims, é one of them (Magento counts characters, not bytes).
    const fits = `${'x'.repeat(254)}é   `;
    const saved = await save(customer, { custom_attributes: machines(fits) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.custom_attributes).toEqual(machines(fits));
  });
});
