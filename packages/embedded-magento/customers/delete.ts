/**
 * `DELETE /V1/customers/:customerId` (Magento_Customer::manage): Magento 2.4's
 * `CustomerRepository::deleteById` (app/code/Magento/Customer/Model/ResourceModel/CustomerRepository.php)
 * retrieves the customer from the registry (an unknown id is `NoSuchEntityException::singleField`, 404
 * "No such entity with customerId = …"), deletes the model and answers `true`. What goes with the
 * `customer_entity` row is what Magento's foreign keys say (each module's etc/db_schema.xml):
 *
 * - addresses (`customer_address_entity`, CASCADE), the custom attributes' values (`customer_entity_varchar`,
 *   CASCADE), the wish list and its items (Wishlist, CASCADE), the rule and coupon uses counted for the
 *   customer (SalesRule, CASCADE): here by the same foreign keys;
 * - the customer's tokens (Integration's `oauth_token.customer_id`, CASCADE) and the sign-in failures
 *   (`failures_num`/`lock_expires`, columns of the customer row itself): deleted here by hand, as this
 *   back end keeps them in tables of their own;
 * - orders stay, with `customer_id` set NULL (Sales' `SALES_ORDER_CUSTOMER_ID_CUSTOMER_ENTITY_ENTITY_ID`,
 *   SET NULL): the merchant keeps them, no longer linked to an account;
 * - reviews stay, with `customer_id` set NULL (Review's `REVIEW_DETAIL_CUSTOMER_ID_CUSTOMER_ENTITY_ENTITY_ID`,
 *   SET NULL): here by the same foreign key;
 * - quotes: Magento's `quote` has no foreign key to the customer, so its rows are left behind, out of
 *   anyone's reach (no token names the customer any more) until `sales_clean_quotes` drops them. Here the
 *   active one (the saved basket) is deleted at once, and quotes already ordered lose their customer, which
 *   this back end's own foreign key requires; orders still find their quote by id.
 */
import { USER_TYPE } from '../auth/auth.ts';
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { customerRow } from './rows.ts';

const customerEmail = customerRow.pick({ email: true });

export function deleteCustomer(db: Database, id: number): true {
  return db.transaction(() => {
    const customer = db.get(customerEmail, 'SELECT email FROM customers WHERE id = ?', id);
    if (!customer) throw errors.noSuchEntity('customerId', id);
    db.run('DELETE FROM quotes WHERE customer_id = ? AND is_active = 1', id);
    db.run('UPDATE quotes SET customer_id = NULL WHERE customer_id = ?', id);
    db.run('UPDATE orders SET customer_id = NULL WHERE customer_id = ?', id);
    db.run('DELETE FROM tokens WHERE user_type = ? AND user_id = ?', USER_TYPE.customer, id);
    db.run(
      'DELETE FROM login_failures WHERE user_type = ? AND username = ?',
      USER_TYPE.customer,
      customer.email,
    );
    db.run('DELETE FROM customers WHERE id = ?', id);
    return true;
  });
}
