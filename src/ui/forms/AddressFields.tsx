/**
 * The address fields checkout and the account share: one label, input type and autocomplete per field,
 * in the forms' order, each an uncontrolled `Field` (what was typed survives errors). Checkout prefixes the
 * names with the address's role (`shipping_city`) and puts a hint under some fields; the account's forms
 * use the plain names. A field the last submit refused says why under it.
 */
import type { FieldProblems } from '../../features/account/index.ts';
import { strings } from '../../strings.ts';
import { Field, fieldId, type FieldProps } from './Field.tsx';

const t = strings.shopper;

export type AddressField =
  'email' | 'firstname' | 'lastname' | 'street' | 'city' | 'region' | 'postcode' | 'country' | 'telephone';

const INPUTS: Record<AddressField, Pick<FieldProps, 'label' | 'type' | 'autoComplete'>> = {
  email: { label: t.email, type: 'email', autoComplete: 'email' },
  firstname: { label: t.firstname, autoComplete: 'given-name' },
  lastname: { label: t.lastname, autoComplete: 'family-name' },
  street: { label: t.street, autoComplete: 'address-line1' },
  city: { label: t.city, autoComplete: 'address-level2' },
  region: { label: t.region, autoComplete: 'address-level1' },
  postcode: { label: t.postcode, autoComplete: 'postal-code' },
  country: { label: t.country, autoComplete: 'country-name' },
  telephone: { label: t.telephone, type: 'tel', autoComplete: 'tel' },
};

export interface AddressFieldsProps<F extends AddressField> {
  /** The form's id prefix. */
  form: string;
  fields: readonly F[];
  values: Readonly<Record<F, string>>;
  /** What the last submit found wrong, by input name (see `features/account/validation.ts`). */
  problems: FieldProblems;
  /** The form's error line, when it says something. */
  errorId?: string | undefined;
  /** The input's name; the field's own name by default. */
  nameOf?: (field: F) => string;
  /** Lines under fields; with them, each field sits in a `div` of `className` with its hint. */
  hints?: { className: string; hintClassName: string; texts: Partial<Record<F, string>> };
  /** The id of a `<datalist>` of countries for the country field. */
  countries?: string;
}

export function AddressFields<F extends AddressField>(props: AddressFieldsProps<F>) {
  const { form, fields, values, problems, errorId, hints, countries } = props;
  const nameOf = props.nameOf ?? ((field: F) => field);
  return (
    <>
      {fields.map((field) => {
        const name = nameOf(field);
        const hint = hints?.texts[field];
        const hintId = `${fieldId(form, name)}-hint`;
        const describedBy = [hint ? hintId : '', errorId ?? ''].filter(Boolean).join(' ');
        const input = (
          <Field
            key={name}
            form={form}
            name={name}
            defaultValue={values[field]}
            error={problems[name]}
            describedBy={describedBy || undefined}
            {...(field === 'country' && countries ? { list: countries } : {})}
            {...INPUTS[field]}
          />
        );
        if (!hints) return input;
        return (
          <div key={name} className={hints.className}>
            {input}
            {hint && (
              <p className={hints.hintClassName} id={hintId}>
                {hint}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}
