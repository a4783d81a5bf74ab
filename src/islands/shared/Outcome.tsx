/** How a payment ended: the heading, a sentence and the links onward (the secondary ones in outline). */
export interface OutcomeLink {
  href: string;
  label: string;
  secondary?: boolean;
}

export function Outcome({ title, text, links }: { title: string; text: string; links: OutcomeLink[] }) {
  return (
    <div className="checkout-outcome">
      <h1 className="page-title">{title}</h1>
      <p>{text}</p>
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
