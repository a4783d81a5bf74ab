/** The test addresses every suite shares: as a shop form holds one, and as a Magento customer address. */

/** An address as the checkout and account forms hold it (src/features/account/validation.ts). */
export const FORM_ADDRESS = {
  firstname: 'Sam',
  lastname: 'Patel',
  street: '12 Mill Lane',
  city: 'Manchester',
  region: 'Greater Manchester',
  postcode: 'M1 2AB',
  country: 'United Kingdom',
  telephone: '0161 496 0123',
  email: 'sam@example.com',
} as const;

/** A customer's default billing and shipping address, as `POST /V1/customers` takes it. */
export const CUSTOMER_ADDRESS = {
  firstname: 'Robin',
  lastname: 'Hale',
  street: ['1 High Street'],
  city: 'Leeds',
  postcode: 'LS1 4AB',
  country_id: 'GB',
  telephone: '0113 496 0000',
  region: { region: 'West Yorkshire' },
  default_billing: true,
  default_shipping: true,
} as const;
