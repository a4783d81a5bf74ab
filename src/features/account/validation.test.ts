/** The form rules field by field: the spec (§5) and Magento input limits (issue 10), with messages. */
import { describe, expect, it } from 'vitest';
import { strings } from '../../strings.ts';
import {
  addressProblems,
  contactProblems,
  invalidAddressFields,
  limitProblem,
  newAccountProblems,
} from './validation.ts';
import { FORM_ADDRESS } from '../../../tests/support/addresses.ts';

const t = strings.limits;

const address = FORM_ADDRESS;

describe('names (Magento Validator/Name.php)', () => {
  it("accepts letters of any script, marks, digits, spaces and , - _ . ' ’ ` &", () => {
    for (const name of ['Zoë-Ann’s & Co.', "O'Brien_Łukasz 3rd, Jr", 'd`Arc', '李小龍', 'Ngọc']) {
      expect(addressProblems({ ...address, firstname: name })).toEqual({});
    }
  });

  it('allows 255 characters and says how many there are beyond that', () => {
    expect(addressProblems({ ...address, lastname: 'h'.repeat(255) })).toEqual({});
    expect(addressProblems({ ...address, lastname: 'h'.repeat(100_000) })).toEqual({
      lastname: t.tooLong(255, 100_000),
    });
    expect(t.tooLong(255, 256)).toBe('Please shorten this to 255 characters or fewer (it has 256).');
  });

  it('names the characters to remove, once each', () => {
    expect(
      contactProblems({ email: 'sam@example.com', firstname: '<script>alert(1)</script>', lastname: 'P' }),
    ).toEqual({ firstname: t.notAllowed(['“<”', '“>”', '“(”', '“)”', '“/”'], t.nameChars) });
    expect(t.notAllowed(['“<”'], t.nameChars)).toBe(
      "Please remove “<”: only letters, digits, spaces and , - _ . ' ’ ` & can be used here.",
    );
  });

  it('calls control and other unseen characters invisible', () => {
    expect(addressProblems({ ...address, firstname: 'Sam\u0007\u200b' })).toEqual({
      firstname: t.notAllowed([t.invisible], t.nameChars),
    });
  });

  it('checks the value the form sends: spaces around it do not count', () => {
    expect(addressProblems({ ...address, firstname: `  ${'s'.repeat(255)}  ` })).toEqual({});
  });
});

describe('telephone and city (Magento Validator/Telephone.php, City.php as 2.4.8 ships them)', () => {
  it('a telephone takes digits, spaces and + - ( ), at most 20', () => {
    expect(addressProblems({ ...address, telephone: '+44 (0)161 496-0123' })).toEqual({});
    expect(addressProblems({ ...address, telephone: '0161 496 0123 ext 5' })).toEqual({
      telephone: t.notAllowed(['“e”', '“x”', '“t”'], t.telephoneChars),
    });
    expect(addressProblems({ ...address, telephone: '0'.repeat(21) })).toEqual({
      telephone: t.tooLong(20, 21),
    });
  });

  it('a city takes letters, spaces, hyphens and apostrophes, at most 100: no digits, no full stops', () => {
    expect(addressProblems({ ...address, city: "Stratford-upon-Avon l'Île" })).toEqual({});
    expect(addressProblems({ ...address, city: 'St. Albans' })).toEqual({
      city: t.notAllowed(['“.”'], t.cityChars),
    });
    expect(addressProblems({ ...address, city: '29 Palms' }).city).toBe(
      t.notAllowed(['“2”', '“9”'], t.cityChars),
    );
    expect(addressProblems({ ...address, city: 'L'.repeat(101) })).toEqual({ city: t.tooLong(100, 101) });
  });

  it('a street may have any characters, up to the 255 its column holds', () => {
    expect(addressProblems({ ...address, street: 'Flat 2/3, 12 Mill Lane #4' })).toEqual({});
    expect(addressProblems({ ...address, street: 's'.repeat(256) })).toEqual({ street: t.tooLong(255, 256) });
  });

  it('region, postcode and country only need filling in', () => {
    expect(limitProblem('x'.repeat(1000), { max: 1000 })).toBeUndefined();
    expect(addressProblems({ ...address, region: 'x'.repeat(300), postcode: '#' })).toEqual({});
  });
});

describe('the spec rules, now with a message per field', () => {
  it('an empty field asks to be filled in', () => {
    expect(addressProblems({ ...address, city: '', region: ' ' })).toEqual({
      city: t.required,
      region: t.required,
    });
    expect(invalidAddressFields({ ...address, city: '', region: ' ' })).toEqual(['city', 'region']);
  });

  it('at checkout, a short telephone and an e-mail without "@" and "." say so', () => {
    expect(addressProblems({ ...address, telephone: '12345678', email: 'nope' }, { checkout: true })).toEqual(
      {
        telephone: t.telephoneShort,
        email: t.email,
      },
    );
    // A telephone over Magento's limit says that, not that it is short.
    expect(addressProblems({ ...address, telephone: '12ab' }, { checkout: true }).telephone).toBe(
      t.notAllowed(['“a”', '“b”'], t.telephoneChars),
    );
  });

  it('lists the fields in the order the form shows them', () => {
    const everything = addressProblems(
      { ...address, firstname: '', telephone: 'x', city: '1', email: '' },
      { checkout: true },
    );
    expect(Object.keys(everything)).toEqual(['firstname', 'city', 'telephone', 'email']);
  });
});

describe('e-mail and password (Magento: Laminas EmailAddress, AccountManagement::checkPasswordStrength)', () => {
  const account = { ...address, email: 'sam@example.com', password: 'Sw33p!ngFloors' };

  it('the part before "@" may have 64 bytes', () => {
    expect(newAccountProblems({ ...account, email: `${'l'.repeat(64)}@example.com` })).toEqual({});
    expect(newAccountProblems({ ...account, email: `${'l'.repeat(65)}@example.com` })).toEqual({
      email: t.emailLocalTooLong,
    });
    // 33 two-byte letters are 66 bytes.
    expect(
      contactProblems({ email: `${'é'.repeat(33)}@example.com`, firstname: 'S', lastname: 'P' }),
    ).toEqual({
      email: t.emailLocalTooLong,
    });
  });

  it('a password may have 256 characters and no space at either end', () => {
    expect(newAccountProblems({ ...account, password: 'Aa1!'.repeat(64) })).toEqual({});
    expect(newAccountProblems({ ...account, password: 'Aa1!'.repeat(64) + 'x' })).toEqual({
      password: t.tooLong(256, 257),
    });
    expect(newAccountProblems({ ...account, password: 'Sw33p!ngFloors ' })).toEqual({
      password: t.passwordSpaces,
    });
  });

  it('create account also checks the names and the address', () => {
    expect(newAccountProblems({ ...account, firstname: '<b>', city: 'St. Albans' })).toEqual({
      firstname: t.notAllowed(['“<”', '“>”'], t.nameChars),
      city: t.notAllowed(['“.”'], t.cityChars),
    });
  });
});
