/**
 * The approval-rule form's rules: the "order total over £2,500" and "delivery over £100" become
 * Adobe's conditions in pounds, a count of products a whole number, and each problem is said in the
 * shopper's words; a purchase order's page reads its uid from the path Magento's e-mails link to.
 */
import { describe, expect, it } from 'vitest';
import { uidOfPage, purchaseOrderPage } from './paths.ts';
import { conditionText, EMPTY_RULE_FORM, ruleBody, ruleFromForm, ruleProblems } from './rules.ts';
import { approvalRuleTexts as t } from './texts.ts';

const form = { ...EMPTY_RULE_FORM, name: 'Order total over £2,500', approvers: ['Mg=='], value: '£2,500' };

describe('the approval-rule form', () => {
  it('makes "order total over £2,500" Adobe’s GRAND_TOTAL condition in pounds', () => {
    const rule = ruleFromForm(form);
    expect(rule).toEqual({
      name: 'Order total over £2,500',
      description: '',
      enabled: true,
      appliesTo: [],
      approvers: ['Mg=='],
      condition: { attribute: 'GRAND_TOTAL', operator: 'MORE_THAN', amount: 2500 },
    });
    expect(ruleBody.safeParse(rule).success).toBe(true);
    expect(conditionText(rule?.condition ?? null)).toBe('Order total is more than £2,500.00');
  });

  it('makes "delivery over £100" the delivery incl. VAT, and a count of products a whole number', () => {
    expect(ruleFromForm({ ...form, attribute: 'SHIPPING_INCL_TAX', value: '100' })?.condition).toEqual({
      attribute: 'SHIPPING_INCL_TAX',
      operator: 'MORE_THAN',
      amount: 100,
    });
    expect(ruleFromForm({ ...form, attribute: 'NUMBER_OF_SKUS', value: '10' })?.condition).toEqual({
      attribute: 'NUMBER_OF_SKUS',
      operator: 'MORE_THAN',
      quantity: 10,
    });
    expect(ruleProblems({ ...form, attribute: 'NUMBER_OF_SKUS', value: '2.5' })).toEqual({
      value: t.quantityRequired,
    });
  });

  it('says what is missing: a name, an amount, an approver', () => {
    expect(ruleProblems({ ...EMPTY_RULE_FORM })).toEqual({
      name: t.nameRequired,
      value: t.amountRequired,
      approvers: t.approversRequired,
    });
    expect(ruleFromForm({ ...form, value: 'lots' })).toBeUndefined();
  });
});

describe('a purchase order’s page', () => {
  it('reads the uid from its path, or from ?uid= on the view page', () => {
    expect(purchaseOrderPage('MQ==', true)).toBe('/company/purchase-orders/MQ%3D%3D?placed=1');
    expect(uidOfPage('/company/purchase-orders/MQ%3D%3D', '?placed=1')).toEqual({
      uid: 'MQ==',
      placed: true,
    });
    expect(uidOfPage('/company/purchase-orders/view', '?uid=MTA=')).toEqual({ uid: 'MTA=', placed: false });
    expect(uidOfPage('/company/purchase-orders/view/', '')).toBeUndefined();
    expect(uidOfPage('/company/purchase-orders/%E0', '')).toBeUndefined();
  });
});
