/**
 * The spec's form rules (§5): e-mails contain '@' and '.', names and every address field are filled in,
 * and at checkout the telephone is longer than 8 characters. Each check returns the fields at fault so a
 * form can mark them; the shopper sees the spec's one message.
 */
export interface AddressFields {
  firstname: string;
  lastname: string;
  street: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  telephone: string;
  email?: string;
}

const filled = (value: string | undefined): boolean => (value ?? '').trim() !== '';

export const isEmail = (value: string): boolean =>
  value.includes('@') && value.includes('.') && value.trim() !== '';

export function invalidContactFields(contact: {
  email: string;
  firstname: string;
  lastname: string;
}): string[] {
  const bad: string[] = [];
  if (!isEmail(contact.email)) bad.push('email');
  if (!filled(contact.firstname)) bad.push('firstname');
  if (!filled(contact.lastname)) bad.push('lastname');
  return bad;
}

/** The fields of an address form, in the order the forms show them. */
export const ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'street',
  'city',
  'region',
  'postcode',
  'country',
  'telephone',
] as const;

export function invalidAddressFields(address: AddressFields, options: { checkout?: boolean } = {}): string[] {
  const bad: string[] = ADDRESS_FIELDS.filter((key) => !filled(address[key]));
  if (options.checkout) {
    if (!isEmail(address.email ?? '')) bad.push('email');
    if (address.telephone.trim().length <= 8 && !bad.includes('telephone')) bad.push('telephone');
  }
  return bad;
}
