/** Magento's returns as the shopper's pages show them: pure mappers from the module's GraphQL types. */
import type { CustomerReturnWire, ReturnCommentWire } from '../../magento/wire/rma.ts';
import { magentoTime } from '../../magento/wire/date.ts';
import type { ReturnComment, ReturnRecord, ReturnSummary } from './returns.ts';
import { wishText } from './texts.ts';

/** Magento's `Y-m-d H:i:s` (UTC) as ISO 8601; the text as given when it is not a timestamp. */
const iso = (magento: string | null | undefined): string => {
  if (!magento) return '';
  const time = magentoTime(magento);
  return Number.isNaN(time) ? magento : new Date(time).toISOString();
};

type Lookup = CustomerReturnWire['status'];
const label = (value: Lookup): string => value?.label ?? value?.code ?? '';

export function toComment(wire: ReturnCommentWire): ReturnComment {
  return {
    author: wire.author_type === 'admin' ? 'merchant' : 'customer',
    name: wire.author_name ?? '',
    text: wire.comment ?? '',
    at: iso(wire.created_at),
  };
}

/** A return's line in the list; undefined when Magento gave no id or number (nothing to link to). */
export function toSummary(wire: CustomerReturnWire): ReturnSummary | undefined {
  if (typeof wire.rma_id !== 'number' || !wire.increment_id) return undefined;
  return {
    id: wire.rma_id,
    number: wire.increment_id,
    order: wire.order_number ?? '',
    status: label(wire.status),
    createdAt: iso(wire.created_at),
  };
}

export function toRecord(wire: CustomerReturnWire): ReturnRecord | undefined {
  const shown = toSummary(wire);
  if (!shown) return undefined;
  return {
    ...shown,
    reason: label(wire.reason),
    resolution: wire.resolution_type ? wishText(wire.resolution_type) : '',
    items: (wire.items ?? []).flatMap((item) =>
      item
        ? [
            {
              name: item.product_name ?? item.product_sku ?? '',
              sku: item.product_sku ?? '',
              qty: item.qty_requested ?? 0,
              condition: item.condition ? label(item.condition) || null : null,
            },
          ]
        : [],
    ),
    comments: (wire.comments ?? []).flatMap((comment) => (comment ? [toComment(comment)] : [])),
  };
}
