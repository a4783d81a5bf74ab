/** The cart tables' rows as the cart code reads them. */

export interface QuoteRow {
  id: number;
  masked_id: string | null;
  customer_id: number | null;
  store_id: number;
  is_active: number;
  customer_is_guest: number;
  shipping_method: string | null;
  reserved_order_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ItemRow {
  item_id: number;
  quote_id: number;
  product_id: number;
  sku: string;
  name: string;
  price: number;
  qty: number;
  product_type: string;
}
