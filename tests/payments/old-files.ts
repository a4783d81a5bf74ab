/** The payments table as files written before the bridge kept order numbers have it (no `order_number`). */
export const PAYMENTS_BEFORE_ORDER_NUMBERS = `CREATE TABLE payments (
  code TEXT PRIMARY KEY, provider TEXT NOT NULL, provider_ref TEXT NOT NULL, secret TEXT NOT NULL,
  amount_pence INTEGER NOT NULL, currency TEXT NOT NULL, cart_kind TEXT NOT NULL, guest_cart TEXT,
  customer_token TEXT, email TEXT NOT NULL, cart_id INTEGER NOT NULL, cart_lines TEXT NOT NULL,
  state TEXT NOT NULL, provider_status TEXT, order_id INTEGER, failure TEXT, reply TEXT,
  lease_until INTEGER, authorised_status TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`;
