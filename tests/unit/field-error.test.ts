/**
 * A refused field says why beside it (issue 10): the message sits under the input, the input names it as
 * its description and is marked invalid, and what the shopper typed stays in the input.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressFields } from '../../src/ui/forms/AddressFields.tsx';
import { Field } from '../../src/ui/forms/Field.tsx';

describe('Field with an error', () => {
  it('shows the message under the input and points the input at it, keeping the value', () => {
    const html = renderToStaticMarkup(
      createElement(Field, {
        form: 'manage',
        name: 'city',
        label: 'City',
        defaultValue: 'St. Albans',
        error: 'Please remove “.”',
        describedBy: 'manage-error',
      }),
    );
    expect(html).toContain('value="St. Albans"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="manage-city-error manage-error"');
    expect(html).toContain('<p class="field-error" id="manage-city-error">Please remove “.”</p>');
  });

  it('without one, has no error line and is not marked', () => {
    const html = renderToStaticMarkup(createElement(Field, { form: 'manage', name: 'city', label: 'City' }));
    expect(html).not.toContain('field-error');
    expect(html).not.toContain('aria-invalid');
  });
});

describe('AddressFields', () => {
  it('puts each problem under the field of that input name, and only there', () => {
    const values = { firstname: 'Sam', city: '29 Palms' };
    const html = renderToStaticMarkup(
      createElement(AddressFields<'firstname' | 'city'>, {
        form: 'checkout',
        fields: ['firstname', 'city'],
        values,
        problems: { shipping_city: 'No digits, please.' },
        nameOf: (field: string) => `shipping_${field}`,
      }),
    );
    expect(html).toContain('<p class="field-error" id="checkout-shipping_city-error">No digits, please.</p>');
    expect(html.match(/field-error/g)).toHaveLength(1);
    expect(html).toContain('value="29 Palms"');
  });
});
