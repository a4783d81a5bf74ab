/**
 * Magento's purchase orders (the wire) as the company pages read them (answer.ts): names joined, money as
 * numbers, empty entries dropped, and only the actions the storefront offers.
 */
import type { PurchaseOrderSummaryWire, PurchaseOrderWire } from '../../magento/wire/purchase-orders.ts';
import { ACTIONS, type Action, type PurchaseOrderAnswer, type PurchaseOrderRow } from './answer.ts';

type Person =
  { firstname?: string | null | undefined; lastname?: string | null | undefined } | null | undefined;

const nameOf = (person: Person): string | null => {
  const name = [person?.firstname, person?.lastname].filter(Boolean).join(' ');
  return name === '' ? null : name;
};

const isAction = (value: string | null): value is Action => ACTIONS.some((action) => action === value);

export const toRow = (wire: PurchaseOrderSummaryWire): PurchaseOrderRow => ({
  uid: wire.uid,
  number: wire.number,
  status: wire.status,
  createdAt: wire.created_at,
  createdBy: nameOf(wire.created_by),
  total: wire.quote?.prices?.grand_total?.value ?? null,
  order: wire.order?.number ?? null,
});

function linesOf(wire: PurchaseOrderWire): PurchaseOrderAnswer['lines'] {
  return (wire.quote?.items ?? []).flatMap((item) =>
    item?.product
      ? [
          {
            sku: item.product.sku,
            name: item.product.name ?? item.product.sku,
            quantity: item.quantity,
            price: item.prices?.price?.value ?? null,
            rowTotal: item.prices?.row_total?.value ?? null,
          },
        ]
      : [],
  );
}

function approvalsOf(wire: PurchaseOrderWire): PurchaseOrderAnswer['approvals'] {
  return wire.approval_flow.flatMap((flow) =>
    flow
      ? [
          {
            rule: flow.rule_name,
            events: flow.events.flatMap((event) =>
              event
                ? [
                    {
                      role: event.role ?? '',
                      name: event.name ?? null,
                      status: event.status ?? 'PENDING',
                      message: event.message ?? null,
                      at: event.updated_at ?? null,
                    },
                  ]
                : [],
            ),
          },
        ]
      : [],
  );
}

export function toAnswer(wire: PurchaseOrderWire): PurchaseOrderAnswer {
  const delivery = wire.quote?.shipping_addresses?.[0]?.selected_shipping_method?.amount?.value ?? null;
  return {
    ...toRow(wire),
    lines: linesOf(wire),
    subtotal: wire.quote?.prices?.subtotal_including_tax?.value ?? null,
    delivery,
    comments: wire.comments.flatMap((each) =>
      each ? [{ at: each.created_at, author: nameOf(each.author), text: each.text }] : [],
    ),
    history: wire.history_log.flatMap((each) =>
      each ? [{ at: each.created_at, activity: each.activity, message: each.message }] : [],
    ),
    approvals: approvalsOf(wire),
    actions: wire.available_actions.filter(isAction),
  };
}
