/** Magento keeps a purchase-order number in a 32-character column (`sales_order_payment.po_number`). */
export const MAX_PO_NUMBER = 32;
