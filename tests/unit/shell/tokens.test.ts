import { describe, expect, it } from 'vitest';
import { fillTokens, shopTokens, telHref } from '../../../src/ui/tokens.ts';

const shop = {
  name: 'Brush & Co',
  phone: '0800 123 4567',
  orderPhone: '0800 765 4321',
  email: 'help@example.com',
  address: '1 High St, Leeds <LS1>',
  siteUrl: 'https://shop.example.com',
  analyticsTag: null,
  policyVersion: '2022-02',
};

describe('fillTokens', () => {
  it('fills the shop details into text and into link targets', () => {
    const html = '<p>{provider}: <a href="mailto:%7Bemail%7D">{email}</a></p>';
    expect(fillTokens(html, shopTokens(shop))).toBe(
      '<p>Brush &#38; Co: <a href="mailto:help@example.com">help@example.com</a></p>',
    );
  });

  it('escapes configured values so they cannot inject markup', () => {
    expect(fillTokens('{address}', shopTokens(shop))).toBe('1 High St, Leeds &#60;LS1&#62;');
  });

  it('fails the build on an unknown token, naming the file and the tokens it may use', () => {
    expect(() => fillTokens('Call {phnoe}', shopTokens(shop), 'src/content/pages/hire.md')).toThrow(
      /Unknown token \{phnoe\} in src\/content\/pages\/hire\.md: use one of \{provider\}, \{phone\}/,
    );
  });
});

describe('telHref', () => {
  it('keeps only digits and a leading plus', () => {
    expect(telHref('0800 123 4567')).toBe('tel:08001234567');
    expect(telHref('+44 (0)113 496 0000')).toBe('tel:+4401134960000');
    expect(telHref('+44 (0)20 7946-0000')).toBe('tel:+4402079460000');
  });
});
