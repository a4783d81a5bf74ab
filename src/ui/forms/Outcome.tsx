/**
 * How a payment ended: the heading, a sentence, anything more to say, and the links onward (the secondary
 * ones in outline).
 */
import type { ReactNode } from 'react';
import { strings } from '../../strings.ts';

export interface OutcomeLink {
  href: string;
  label: string;
  secondary?: boolean;
}

export function Outcome({
  title,
  text,
  links,
  children,
}: {
  title: string;
  text: string;
  links: OutcomeLink[];
  children?: ReactNode;
}) {
  return (
    <div className="checkout-outcome">
      <h1 className="page-title">{title}</h1>
      <p>{text}</p>
      {children}
      <div className="form-actions">
        {links.map(({ href, label, secondary }) => (
          <a key={href} className={secondary ? 'button button--secondary' : 'button'} href={href}>
            {label}
          </a>
        ))}
      </div>
    </div>
  );
}

/** "Your order number is <strong>000000123</strong>.": the number a confirmation gives. */
export function OrderNumber({ number }: { number: string }) {
  const [before, after] = strings.checkout.orderNumber.split('{number}');
  return (
    <p>
      {before}
      <strong>{number}</strong>
      {after}
    </p>
  );
}
