/**
 * Cart price rules and coupons through the admin API, as Magento's SalesRule module answers
 * (COMMERCE-BASICS.md §1.5): RuleInterface and CouponInterface round trips in getter order, searches,
 * `validateData`'s and `CouponRepository::save`'s refusals word for word, 404 "No such entity.", the ACL,
 * and the demo codes the seed writes through the same functions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { when } from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1${path}`, { token: INTEGRATION_TOKEN, ...(body ? { body } : {}) });

function expectMagento(method: string, path: string, reply: Reply) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateOpenSourceResponse(method, path, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

/** RuleRepositoryTest's rule, as the api-functional test posts it (minus its product action condition). */
const RULE = {
  name: '40% Off on Large Orders',
  store_labels: [
    { store_id: 0, store_label: 'TestRule_Label' },
    { store_id: 1, store_label: 'TestRule_Label_default' },
  ],
  description: 'Test sales rule',
  website_ids: [1],
  customer_group_ids: [0, 1, 3],
  uses_per_customer: 2,
  is_active: true,
  condition: {
    condition_type: 'Magento\\SalesRule\\Model\\Rule\\Condition\\Combine',
    conditions: [
      {
        condition_type: 'Magento\\SalesRule\\Model\\Rule\\Condition\\Address',
        operator: '>',
        attribute_name: 'base_subtotal',
        value: '800',
      },
    ],
    aggregator_type: 'all',
    operator: null,
    value: null,
  },
  action_condition: {
    condition_type: 'Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine',
    aggregator_type: 'all',
    operator: null,
    value: '1',
  },
  stop_rules_processing: true,
  is_advanced: true,
  sort_order: 2,
  simple_action: 'cart_fixed',
  discount_amount: 40,
  discount_qty: 2,
  discount_step: 0,
  apply_to_shipping: false,
  times_used: 1,
  is_rss: true,
  coupon_type: 'SPECIFIC_COUPON',
  use_auto_generation: false,
  uses_per_coupon: 0,
  simple_free_shipping: '0',
};

describe('sales rules', () => {
  it('round-trips RuleInterface through create, search, update, read and delete', async () => {
    const created = await admin('POST', '/salesRules', { rule: RULE });
    expectMagento('POST', '/V1/salesRules', created);
    const { rule_id: id, ...rest } = created.body;
    expect(rest).toEqual(RULE);
    expect(Object.keys(created.body)).toEqual(['rule_id', ...Object.keys(RULE)]);

    const search = await admin(
      'GET',
      `/salesRules/search?searchCriteria[filterGroups][0][filters][0][field]=rule_id&searchCriteria[filterGroups][0][filters][0][value]=${id}`,
    );
    expectMagento('GET', '/V1/salesRules/search', search);
    expect(search.body.total_count).toBe(1);
    expect(search.body.items[0]).toEqual(created.body);

    const updated = await admin('PUT', `/salesRules/${id}`, {
      rule: { ...RULE, times_used: 2, discount_amount: 30, rule_id: 999 },
    });
    expectMagento('PUT', `/V1/salesRules/${id}`, updated);
    expect(updated.body).toEqual({ ...created.body, times_used: 2, discount_amount: 30 });
    expect((await admin('GET', `/salesRules/${id}`)).body).toEqual(updated.body);

    const deleted = await admin('DELETE', `/salesRules/${id}`);
    expectMagento('DELETE', `/V1/salesRules/${id}`, deleted);
    expect(deleted.body).toBe(true);
    for (const [method, body] of [
      ['GET', undefined],
      ['DELETE', undefined],
      ['PUT', { rule: RULE }],
    ] as const)
      expectError(await admin(method, `/salesRules/${id}`, body), 404, 'No such entity.');
  });

  it('fills Magento’s defaults and answers the empty conditions Magento keeps', async () => {
    const created = await admin('POST', '/salesRules', {
      rule: { name: 'Defaults', website_ids: [1], customer_group_ids: [0] },
    });
    expectMagento('POST', '/V1/salesRules', created);
    expect(created.body).toEqual({
      rule_id: created.body.rule_id,
      name: 'Defaults',
      store_labels: [],
      website_ids: [1],
      customer_group_ids: [0],
      uses_per_customer: 0,
      is_active: false,
      condition: {
        condition_type: 'Magento\\SalesRule\\Model\\Rule\\Condition\\Combine',
        aggregator_type: 'all',
        operator: null,
        value: '1',
      },
      action_condition: {
        condition_type: 'Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine',
        aggregator_type: 'all',
        operator: null,
        value: '1',
      },
      stop_rules_processing: true,
      is_advanced: true,
      sort_order: 0,
      discount_amount: 0,
      discount_step: 0,
      apply_to_shipping: false,
      times_used: 0,
      is_rss: true,
      coupon_type: 'NO_COUPON',
      use_auto_generation: false,
      uses_per_coupon: 0,
    });
  });

  it('refuses what validateData refuses, every message followed by "; "', async () => {
    const base = { name: 'Bad', website_ids: [1], customer_group_ids: [0] };
    expectError(
      await admin('POST', '/salesRules', {
        rule: { ...base, from_date: '2025-02-01', to_date: '2025-01-31' },
      }),
      400,
      'End Date must follow Start Date.; ',
    );
    expectError(
      await admin('POST', '/salesRules', { rule: { ...base, website_ids: [] } }),
      400,
      'Please specify a website.; ',
    );
    expectError(
      await admin('POST', '/salesRules', { rule: { name: 'Bare' } }),
      400,
      'Please specify a website.; Please specify Customer Groups.; ',
    );
    expectError(
      await admin('POST', '/salesRules', {
        rule: { from_date: '2025-03-01', to_date: '2025-01-01', website_ids: [], customer_group_ids: [] },
      }),
      400,
      'End Date must follow Start Date.; Please specify a website.; Please specify Customer Groups.; ',
    );
  });

  it('refuses what the embedded store cannot evaluate, naming the field', async () => {
    const base = { name: 'Odd', website_ids: [1], customer_group_ids: [0] };
    const invalid = 'Invalid value of "%value" provided for the %fieldName field.';
    expectError(
      await admin('POST', '/salesRules', { rule: { ...base, simple_action: 'by_magic' } }),
      400,
      invalid,
      {
        fieldName: 'simple_action',
        value: 'by_magic',
      },
    );
    expectError(
      await admin('POST', '/salesRules', {
        rule: { ...base, condition: when('shipping_country', '==', 'GB') },
      }),
      400,
      invalid,
      {
        fieldName: 'attribute_name',
        value: 'shipping_country',
      },
    );
    expectError(
      await admin('POST', '/salesRules', { rule: { ...base, from_date: 'next Tuesday' } }),
      400,
      invalid,
      {
        fieldName: 'from_date',
        value: 'next Tuesday',
      },
    );
  });

  it('is for the admin only (Magento_SalesRule::quote)', async () => {
    const { token } = await backend.newCustomer();
    for (const caller of [undefined, token]) {
      for (const [method, path] of [
        ['POST', '/salesRules'],
        ['GET', '/salesRules/1'],
        ['GET', '/salesRules/search?searchCriteria[pageSize]=1'],
        ['POST', '/coupons'],
        ['GET', '/coupons/1'],
        ['DELETE', '/coupons/1'],
      ] as const) {
        expectError(
          await backend.call(method, `/rest/V1${path}`, {
            token: caller,
            ...(method === 'POST' ? { body: { rule: {}, coupon: {} } } : {}),
          }),
          401,
          "The consumer isn't authorized to access %resources.",
          { resources: 'Magento_SalesRule::quote' },
        );
      }
    }
  });
});

describe('coupons', () => {
  it('saves a code for a rule that takes one, its limits and end taken from the rule', async () => {
    const rule = await admin('POST', '/salesRules', {
      rule: {
        name: 'Coupon rule',
        website_ids: [1],
        customer_group_ids: [0, 1],
        coupon_type: 'SPECIFIC_COUPON',
        uses_per_coupon: 5,
        uses_per_customer: 1,
        to_date: '2030-12-31',
      },
    });
    const created = await admin('POST', '/coupons', {
      coupon: { rule_id: rule.body.rule_id, code: 'SPRING5', usage_limit: 100, is_primary: true },
    });
    expectMagento('POST', '/V1/coupons', created);
    expect(created.body).toEqual({
      coupon_id: created.body.coupon_id,
      rule_id: rule.body.rule_id,
      code: 'SPRING5',
      usage_limit: 5,
      usage_per_customer: 1,
      times_used: 0,
      expiration_date: '2030-12-31 00:00:00',
      is_primary: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      type: 0,
    });
    const id = created.body.coupon_id as number;
    expectMagento('GET', `/V1/coupons/${id}`, await admin('GET', `/coupons/${id}`));

    const renamed = await admin('PUT', `/coupons/${id}`, { coupon: { code: 'SPRING05' } });
    expectMagento('PUT', `/V1/coupons/${id}`, renamed);
    expect(renamed.body).toEqual({ ...created.body, code: 'SPRING05' });
    // The rule's new limits reach its coupons.
    await admin('PUT', `/salesRules/${rule.body.rule_id}`, { rule: { uses_per_coupon: 7 } });
    expect((await admin('GET', `/coupons/${id}`)).body.usage_limit).toBe(7);

    const found = await admin(
      'GET',
      '/coupons/search?searchCriteria[filterGroups][0][filters][0][field]=code&searchCriteria[filterGroups][0][filters][0][value]=spring05',
    );
    expectMagento('GET', '/V1/coupons/search', found);
    expect(found.body.items).toEqual([(await admin('GET', `/coupons/${id}`)).body]);

    expect((await admin('DELETE', `/coupons/${id}`)).body).toBe(true);
    expectError(await admin('GET', `/coupons/${id}`), 404, 'No such entity.');
    expectError(await admin('DELETE', `/coupons/${id}`), 404, 'No such entity.');
    expectError(await admin('PUT', `/coupons/${id}`, { coupon: { code: 'X' } }), 404, 'No such entity.');
  });

  it('wraps every refusal about the rule in "Error occurred when saving coupon: %1"', async () => {
    const wrapped = 'Error occurred when saving coupon: %1';
    expectError(
      await admin('POST', '/coupons', { coupon: { rule_id: 999999, code: 'NONE' } }),
      400,
      wrapped,
      ['No such entity with rule_id = 999999'],
    );
    const noCoupons = await admin('POST', '/salesRules', {
      rule: { name: 'Automatic', website_ids: [1], customer_group_ids: [0], coupon_type: 'NO_COUPON' },
    });
    expectError(
      await admin('POST', '/coupons', { coupon: { rule_id: noCoupons.body.rule_id, code: 'AUTO1' } }),
      400,
      wrapped,
      ['Specified rule does not allow coupons'],
    );
    const generated = await admin('POST', '/salesRules', {
      rule: {
        name: 'Generated',
        website_ids: [1],
        customer_group_ids: [0],
        coupon_type: 'AUTO',
        use_auto_generation: true,
      },
    });
    expectError(
      await admin('POST', '/coupons', { coupon: { rule_id: generated.body.rule_id, code: 'GEN1' } }),
      400,
      wrapped,
      ['Specified rule only allows auto generated coupons'],
    );
    const manual = await admin('POST', '/salesRules', {
      rule: { name: 'Manual', website_ids: [1], customer_group_ids: [0], coupon_type: 'SPECIFIC_COUPON' },
    });
    expectError(
      await admin('POST', '/coupons', { coupon: { rule_id: manual.body.rule_id, code: 'MAN1', type: 1 } }),
      400,
      wrapped,
      ['Specified rule does not allow auto generated coupons'],
    );
    expectError(
      await admin('POST', '/coupons', { coupon: { rule_id: manual.body.rule_id, code: 'welcome10' } }),
      400,
      '%1 already exists.',
      ['Coupon with the same code'],
    );
  });
});

describe('the demo codes', () => {
  it('are seeded through the admin API’s own functions, for every customer group on website 1', async () => {
    const codes = ['WELCOME10', 'SAVE20', 'FREEDELIVERY', 'SUMMER24'];
    const coupons = await admin(
      'GET',
      `/coupons/search?searchCriteria[filterGroups][0][filters][0][field]=code&searchCriteria[filterGroups][0][filters][0][value]=${codes.join(',')}&searchCriteria[filterGroups][0][filters][0][conditionType]=in`,
    );
    expect(coupons.body.items.map((coupon: { code: string }) => coupon.code).sort()).toEqual(
      [...codes].sort(),
    );
    const rules = await Promise.all(
      coupons.body.items.map(async (coupon: { code: string; rule_id: number }) => [
        coupon.code,
        (await admin('GET', `/salesRules/${coupon.rule_id}`)).body,
      ]),
    );
    const byCode = Object.fromEntries(rules);
    for (const code of codes)
      expect(byCode[code]).toMatchObject({
        website_ids: [1],
        customer_group_ids: [0, 1, 2, 3],
        is_active: true,
      });
    expect(byCode['WELCOME10']).toMatchObject({
      simple_action: 'by_percent',
      discount_amount: 10,
      uses_per_customer: 1,
    });
    expect(byCode['SAVE20']).toMatchObject({
      simple_action: 'cart_fixed',
      discount_amount: 20,
      condition: when('base_subtotal', '>=', '200'),
    });
    expect(byCode['FREEDELIVERY']).toMatchObject({ discount_amount: 0, simple_free_shipping: '2' });
    expect(byCode['SUMMER24']).toMatchObject({ from_date: '2024-06-01', to_date: '2024-08-31' });
    expect(byCode['WELCOME10'].store_labels).toEqual([{ store_id: 0, store_label: 'Welcome 10% off' }]);
  });
});
