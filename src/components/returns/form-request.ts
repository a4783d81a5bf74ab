/**
 * The return form's request as typed: the reason, the wish, and each returnable line with a quantity
 * other than 0 (left empty: 0). Nothing is corrected here: the rules (features/returns/rules.ts) say what
 * is wrong, beside its field.
 */
import type { ReturnFacts, ReturnRequest } from '../../features/returns/returns.ts';

/** The form's control names, which are also the fields the rules' problems name. */
export const qtyField = (orderItemId: number): string => `qty-${orderItemId}`;
export const conditionField = (orderItemId: number): string => `condition-${orderItemId}`;

const idOf = (value: FormDataEntryValue | null): number | null =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;

export function readReturnRequest(form: HTMLFormElement, facts: ReturnFacts): ReturnRequest {
  const data = new FormData(form);
  const lines = facts.lines.flatMap((line) => {
    if (line.why !== null) return [];
    const typed = data.get(qtyField(line.orderItemId));
    const text = typeof typed === 'string' ? typed.trim() : '';
    const qty = text === '' ? 0 : Number(text);
    if (qty === 0) return [];
    return [
      { orderItemId: line.orderItemId, qty, condition: idOf(data.get(conditionField(line.orderItemId))) },
    ];
  });
  return { reason: idOf(data.get('reason')) ?? 0, resolution: idOf(data.get('resolution')) ?? 0, lines };
}
