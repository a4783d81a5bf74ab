/**
 * `GET /V1/negotiableQuote?searchCriteria…` (NegotiableQuoteRepositoryInterface::getList): the quotes as
 * carts with their negotiation, filtered by the quote's fields (`status`, `quote_id` or `entity_id`,
 * `customer_id`, `company_id`, `quote_name`) with `eq`, `neq`, `in` or `like`, newest first, a page at a time.
 */
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { parsePhpQuery } from '../query.ts';
import { parseSearchCriteria, type Filter, type SearchCriteria } from '../search-criteria.ts';
import { allQuotes, type NegotiableRow } from './quotes.ts';
import { negotiableCartOut } from './cart-out.ts';

const FIELD: Readonly<Record<string, (row: NegotiableRow) => string>> = {
  status: (row) => row.status,
  quote_id: (row) => String(row.quote_id),
  entity_id: (row) => String(row.quote_id),
  customer_id: (row) => String(row.customer_id),
  company_id: (row) => String(row.company_id),
  quote_name: (row) => row.quote_name,
};

function meets(row: NegotiableRow, filter: Filter): boolean {
  const read = FIELD[filter.field];
  if (!read) return true;
  const value = read(row);
  switch (filter.condition_type) {
    case 'neq':
      return value !== filter.value;
    case 'in':
      return filter.value.split(',').includes(value);
    case 'like':
      return value.toLowerCase().includes(filter.value.replaceAll('%', '').toLowerCase());
    default:
      return value === filter.value;
  }
}

const matches = (row: NegotiableRow, criteria: SearchCriteria) =>
  criteria.filter_groups.every(
    (group) => group.filters.length === 0 || group.filters.some((filter) => meets(row, filter)),
  );

export function listForSeller(db: Database, store: CheckoutSettings, query: string) {
  const criteria = parseSearchCriteria(parsePhpQuery(query)['searchCriteria']);
  const rows = allQuotes(db, store)
    .filter((row) => row.is_deleted === 0 && matches(row, criteria))
    .sort((a, b) => b.quote_id - a.quote_id);
  const size = criteria.page_size ?? 0;
  const page = criteria.current_page ?? 1;
  const shown = size > 0 ? rows.slice((page - 1) * size, page * size) : rows;
  return {
    items: shown.map((row) => negotiableCartOut(db, store, row)),
    search_criteria: criteria,
    total_count: rows.length,
  };
}
