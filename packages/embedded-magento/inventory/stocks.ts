/**
 * MSI's stocks, read only: the one stock, "Default Stock" (id 1), sold on website `base`, with every
 * source linked to it (`StockRepositoryInterface::get`/`getList`, `GetStockSourceLinksInterface`). The
 * default source comes first (priority 1, as MSI links it), the others after it by code (derived: no
 * stock-source-link saves here).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import { DEFAULT_SOURCE } from './sources.ts';
import { WEBSITE_CHANNEL } from './pickup-locations.ts';

export const DEFAULT_STOCK_ID = 1;

const STOCKS = `(SELECT ${String(DEFAULT_STOCK_ID)} AS stock_id, 'Default Stock' AS name)`;
const LINKS = `(SELECT ${String(DEFAULT_STOCK_ID)} AS stock_id, source_code,
    ROW_NUMBER() OVER (ORDER BY source_code <> '${DEFAULT_SOURCE}', source_code) AS priority FROM inventory_sources)`;

const stockRow = z.object({ stock_id: sqlNumber, name: z.string() });
const linkRow = z.object({ stock_id: sqlNumber, source_code: z.string(), priority: sqlNumber });

const columns = (known: readonly string[]): FieldMapping => ({
  expression: (field) => (known.includes(field) ? `t.${field}` : `t.[${field.replace(/\W/g, '')}]`),
});

/** `StockInterface` in its getters' order, with InventorySales' sales channels. */
const serializeStock = (row: z.output<typeof stockRow>) => ({
  stock_id: row.stock_id,
  name: row.name,
  extension_attributes: { sales_channels: [{ type: WEBSITE_CHANNEL.type, code: WEBSITE_CHANNEL.code }] },
});

/** `GET /V1/inventory/stocks`. */
export function searchStocks(db: Database, criteria: SearchCriteria) {
  const source = {
    table: STOCKS,
    alias: 't',
    mapping: columns(['stock_id', 'name']),
    tieBreak: 't.stock_id',
    row: stockRow,
  };
  const { rows, total } = searchPage(db, source, criteria);
  return { items: rows.map(serializeStock), search_criteria: criteria, total_count: total };
}

/** `GET /V1/inventory/stocks/:stockId` (`Stock\Command\Get`). */
export function getStock(stockId: number) {
  if (stockId !== DEFAULT_STOCK_ID)
    throw new MagentoError(404, 'Stock with id "%value" does not exist.', { value: stockId });
  return serializeStock({ stock_id: DEFAULT_STOCK_ID, name: 'Default Stock' });
}

/** `GET /V1/inventory/stock-source-links`: `StockSourceLinkInterface` in its getters' order. */
export function searchStockSourceLinks(db: Database, criteria: SearchCriteria) {
  const mapping = columns(['stock_id', 'source_code', 'priority']);
  const source = { table: LINKS, alias: 't', mapping, tieBreak: 't.priority', row: linkRow };
  const { rows, total } = searchPage(db, source, criteria);
  return {
    items: rows.map((row) => ({
      stock_id: row.stock_id,
      source_code: row.source_code,
      priority: row.priority,
    })),
    search_criteria: criteria,
    total_count: total,
  };
}
