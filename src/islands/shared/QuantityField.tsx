/** The whole-number quantity field of the add-to-cart and basket-line forms, its label above it. */
import type { ChangeEventHandler, ReactNode } from 'react';
import '../../styles/quantity-field.css';

type Props = { id: string; label: ReactNode } & (
  | { defaultValue: string; value?: never; onChange?: never }
  | { value: string; onChange: ChangeEventHandler<HTMLInputElement>; defaultValue?: never }
);

export function QuantityField({ id, label, ...value }: Props) {
  return (
    <div className="quantity-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" name="qty" min="1" step="1" inputMode="numeric" required {...value} />
    </div>
  );
}
