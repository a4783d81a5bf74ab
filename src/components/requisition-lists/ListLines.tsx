/**
 * One list's lines: a checkbox to pick each for the basket, the product, its quantity (changed with
 * Update) and Remove. Typed quantities are kept by line until Magento takes them, so a refusal loses none.
 */
import { useState } from 'react';
import { requisitionListsTexts as t, type RequisitionLine } from '../../features/requisition-lists/index.ts';

interface Props {
  lines: readonly RequisitionLine[];
  picked: ReadonlySet<string>;
  busy: boolean;
  onPick: (line: string, on: boolean) => void;
  onQuantity: (line: RequisitionLine, typed: string) => Promise<boolean>;
  onRemove: (line: RequisitionLine) => void;
}

export function ListLines({ lines, picked, busy, onPick, onQuantity, onRemove }: Props) {
  const [typed, setTyped] = useState<Readonly<Record<string, string>>>({});
  // undefined: forget what was typed (Magento took it), so the field shows the list's quantity again.
  const type = (uid: string, value: string | undefined) =>
    setTyped((now) => {
      const others = Object.entries(now).filter(([key]) => key !== uid);
      return Object.fromEntries(value === undefined ? others : [...others, [uid, value]]);
    });
  if (lines.length === 0) return <p>{t.noLines}</p>;
  return (
    <table className="requisition__lines">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t.addSelected}</span>
          </th>
          <th scope="col">{t.product}</th>
          <th scope="col">{t.quantity}</th>
          <th scope="col">
            <span className="visually-hidden">{t.remove}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.uid}>
            <td>
              <input
                type="checkbox"
                aria-label={t.select(line.name)}
                checked={picked.has(line.uid)}
                onChange={(event) => onPick(line.uid, event.currentTarget.checked)}
              />
            </td>
            <td data-label={t.product}>{line.href ? <a href={line.href}>{line.name}</a> : line.name}</td>
            <td data-label={t.quantity}>
              <form
                className="requisition__quantity"
                onSubmit={(event) => {
                  event.preventDefault();
                  void onQuantity(line, typed[line.uid] ?? String(line.quantity)).then(
                    (ok) => ok && type(line.uid, undefined),
                  );
                }}
              >
                <input
                  type="number"
                  inputMode="numeric"
                  min="1"
                  step="1"
                  aria-label={`${t.quantity}: ${line.name}`}
                  value={typed[line.uid] ?? String(line.quantity)}
                  onChange={(event) => type(line.uid, event.currentTarget.value)}
                />
                <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
                  {t.update}
                  <span className="visually-hidden"> {line.name}</span>
                </button>
              </form>
            </td>
            <td>
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={busy || undefined}
                onClick={() => onRemove(line)}
              >
                {t.remove}
                <span className="visually-hidden"> {line.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
