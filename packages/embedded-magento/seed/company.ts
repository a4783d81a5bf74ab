/**
 * The demo's companies (B2B for Adobe Commerce): "Brightwater Facilities Ltd", approved, with its own
 * administrator (not the demo trade customer, whose journeys place plain orders: with purchase orders on, a
 * company user's would become purchase orders), purchase orders on, a £10,000 credit limit, a "Buyer" and an
 * "Approver" role and one customer in each; and "Harbour Hire Ltd" with its administrator alone, so another
 * company's ids can be tried. Every company user is in the Trade group (the companies' customer group), so
 * trade prices and pay on account apply. Written once (a meta key), after the trade account whose address it
 * borrows. The README and the tests read the accounts from here ({@link DEMO_COMPANY}).
 */
import { z } from 'zod';
import { hashPassword } from '../crypto.ts';
import { TRADE_GROUP } from '../customers/groups.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { DEMO_TRADE_CUSTOMER } from './trade.ts';
import { COMPANY_STATUS } from '../company/membership.ts';
import { addUser, createRole } from '../company/records.ts';
import { insertCompany } from '../company/insert-company.ts';
import { setCreditLimit } from '../company/credit.ts';

const WRITTEN = 'demo-companies-written';

const BUYER_ROLE = [
  'Magento_Company::index',
  'Magento_Sales::all',
  'Magento_Sales::place_order',
  'Magento_Sales::payment_account',
  'Magento_Sales::view_orders',
  'Magento_NegotiableQuote::all',
  'Magento_NegotiableQuote::view_quotes',
  'Magento_NegotiableQuote::manage',
  'Magento_NegotiableQuote::checkout',
  'Magento_PurchaseOrder::all',
  'Magento_PurchaseOrder::view_purchase_orders',
  'Magento_Company::view',
  'Magento_Company::view_account',
  'Magento_Company::view_address',
  'Magento_Company::contacts',
];

const APPROVER_ROLE = [
  ...BUYER_ROLE,
  'Magento_PurchaseOrder::view_purchase_orders_for_subordinates',
  'Magento_PurchaseOrder::view_purchase_orders_for_company',
  'Magento_PurchaseOrderRule::super_approve_purchase_order',
  'Magento_Company::user_management',
  'Magento_Company::users_view',
  'Magento_Company::credit',
  'Magento_Company::credit_history',
];

export const DEMO_COMPANY = {
  name: DEMO_TRADE_CUSTOMER.company,
  email: 'accounts@brightwater.example.com',
  admin: {
    email: 'facilities@example.com',
    password: 'Facilities123!',
    firstname: 'Helen',
    lastname: 'Marsh',
  },
  buyer: {
    email: 'buyer@example.com',
    password: 'Buyer123!',
    firstname: 'Tom',
    lastname: 'Fielding',
    role: 'Buyer',
  },
  approver: {
    email: 'approver@example.com',
    password: 'Approver123!',
    firstname: 'Grace',
    lastname: 'Okafor',
    role: 'Approver',
  },
  creditLimit: 10_000,
  other: {
    name: 'Harbour Hire Ltd',
    email: 'office@harbourhire.example.com',
    admin: { email: 'harbour@example.com', password: 'Harbour123!', firstname: 'Owen', lastname: 'Pryce' },
  },
} as const;

const idRow = z.object({ id: sqlNumber });

function customer(
  db: Database,
  hash: string,
  person: { email: string; firstname: string; lastname: string },
  now: string,
): number {
  const existing = db.get(idRow, 'SELECT id FROM customers WHERE email = ?', person.email);
  if (existing) return existing.id;
  return db.run(
    `INSERT INTO customers (email, website_id, store_id, group_id, firstname, lastname, password_hash, created_at, updated_at)
     VALUES (?, 1, 1, ?, ?, ?, ?, ?, ?)`,
    person.email,
    TRADE_GROUP,
    person.firstname,
    person.lastname,
    hash,
    now,
    now,
  ).lastInsertRowid;
}

const ADDRESS = {
  street: [...DEMO_TRADE_CUSTOMER.address.street],
  city: DEMO_TRADE_CUSTOMER.address.city,
  countryId: 'GB',
  region: DEMO_TRADE_CUSTOMER.address.region,
  postcode: DEMO_TRADE_CUSTOMER.address.postcode,
  telephone: DEMO_TRADE_CUSTOMER.address.telephone,
};

interface Hashes {
  readonly admin: string;
  readonly buyer: string;
  readonly approver: string;
  readonly harbour: string;
}

function writeBrightwater(db: Database, hashes: Hashes, now: string): void {
  const admin = { id: customer(db, hashes.admin, DEMO_COMPANY.admin, now) };
  const id = insertCompany(
    db,
    {
      name: DEMO_COMPANY.name,
      email: DEMO_COMPANY.email,
      legalName: DEMO_COMPANY.name,
      vatTaxId: DEMO_TRADE_CUSTOMER.vatNumber,
      resellerId: '08123456',
      ...ADDRESS,
    },
    admin.id,
    { jobTitle: 'Facilities Manager', telephone: ADDRESS.telephone },
    COMPANY_STATUS.approved,
    TRADE_GROUP,
    now,
  );
  db.run(
    'UPDATE purchase_order_company_config SET is_purchase_order_enabled = 1 WHERE company_entity_id = ?',
    id,
  );
  setCreditLimit(db, id, DEMO_COMPANY.creditLimit, now);
  const buyerRole = createRole(db, id, DEMO_COMPANY.buyer.role, BUYER_ROLE);
  const approverRole = createRole(db, id, DEMO_COMPANY.approver.role, APPROVER_ROLE);
  const approver = customer(db, hashes.approver, DEMO_COMPANY.approver, now);
  addUser(db, id, approver, {
    jobTitle: 'Operations Lead',
    telephone: null,
    active: true,
    roleId: approverRole,
    parentId: 0,
  });
  const buyer = customer(db, hashes.buyer, DEMO_COMPANY.buyer, now);
  const approverNode = db.get(
    z.object({ structure_id: sqlNumber }),
    'SELECT structure_id FROM company_structure WHERE entity_type = 0 AND entity_id = ?',
    approver,
  );
  addUser(db, id, buyer, {
    jobTitle: 'Site Supervisor',
    telephone: null,
    active: true,
    roleId: buyerRole,
    parentId: approverNode?.structure_id ?? 0,
  });
}

function writeHarbour(db: Database, hash: string, now: string): void {
  const { other } = DEMO_COMPANY;
  const admin = customer(db, hash, other.admin, now);
  insertCompany(
    db,
    {
      name: other.name,
      email: other.email,
      legalName: other.name,
      street: ['3 Quay Street'],
      city: 'Bristol',
      countryId: 'GB',
      postcode: 'BS1 4DB',
      telephone: '0117 496 0100',
    },
    admin,
    {},
    COMPANY_STATUS.approved,
    TRADE_GROUP,
    now,
  );
}

/** Writes the demo companies once the trade customer exists; answers whether it wrote them now. */
export async function ensureDemoCompanies(db: Database, now: Date): Promise<boolean> {
  const due = () =>
    db.meta(WRITTEN) === undefined &&
    db.get(idRow, 'SELECT id FROM customers WHERE email = ?', DEMO_TRADE_CUSTOMER.email) !== undefined;
  if (!due()) return false;
  const hashes: Hashes = {
    admin: await hashPassword(DEMO_COMPANY.admin.password),
    buyer: await hashPassword(DEMO_COMPANY.buyer.password),
    approver: await hashPassword(DEMO_COMPANY.approver.password),
    harbour: await hashPassword(DEMO_COMPANY.other.admin.password),
  };
  return db.transaction(() => {
    if (!due()) return false;
    const at = magentoDate(now);
    writeBrightwater(db, hashes, at);
    writeHarbour(db, hashes.harbour, at);
    db.setMeta(WRITTEN, at);
    return true;
  });
}
