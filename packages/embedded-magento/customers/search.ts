/**
 * `GET /V1/customers/search` (`CustomerRepositoryInterface::getList`, Customer/etc/webapi.xml, ACL
 * `Magento_Customer::customer`): the admin's list of customers by searchCriteria, as every search here
 * (filters, sort orders, pages), each customer whole as `GET /V1/customers/:id` gives them. How a merchant
 * finds the trade applicants to approve: `group_id` eq the "Trade (pending)" group.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import { serializeCustomer } from './customers.ts';

/** The customer entity's fields by their API names; `entity_id` is the id, `taxvat` is kept with the extras. */
const COLUMNS: Readonly<Record<string, string>> = {
  id: 'c.id',
  entity_id: 'c.id',
  email: 'c.email',
  firstname: 'c.firstname',
  lastname: 'c.lastname',
  group_id: 'c.group_id',
  website_id: 'c.website_id',
  store_id: 'c.store_id',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  taxvat: "json_extract(c.extra, '$.taxvat')",
};

const customerFields: FieldMapping = {
  expression: (field) => COLUMNS[field] ?? `c.[${field.replace(/\W/g, '')}]`,
};

export function searchCustomers(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      table: 'customers',
      alias: 'c',
      mapping: customerFields,
      tieBreak: 'c.id ASC',
      row: z.object({ id: sqlNumber }),
      columns: 'c.id',
    },
    criteria,
  );
  return {
    items: rows.map((row) => serializeCustomer(db, row.id)),
    search_criteria: criteria,
    total_count: total,
  };
}
