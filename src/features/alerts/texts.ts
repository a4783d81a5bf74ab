/**
 * The texts of stock and price alerts (issue 69): the product page's buttons and what they answer, My
 * alerts (with Magento's own words for its list: "Stock Alerts", "Subscribed Price", "Unsubscribe", …),
 * and what the storefront server answers. A module of its own, loaded with the scripts that show them.
 * Gathered by src/strings.ts.
 */
import { formatPrice } from '../../catalogue/money.ts';

export const alertsTexts = {
  /** The product page: the buttons the issue names, and what they answer. */
  sectionLabel: 'Alerts',
  stockButton: 'Email me when it’s back in stock',
  priceButton: 'Email me if the price drops',
  stockSaved: 'We’ll email you when it’s back in stock.',
  priceSaved: 'We’ll email you if the price drops.',
  seeMine: 'See my alerts',
  guest:
    'Sign in or create an account to get alerts: we email them to your account’s address, and keep this product for you.',
  signIn: 'Sign in',
  createAccount: 'Create an account',
  notSaved: 'Your alert can’t be saved right now. Please try again.',
  /** My alerts. */
  title: 'My alerts',
  intro: 'We email you when a product you chose is back in stock, or when its price drops.',
  loading: 'Loading your alerts…',
  unavailable: 'Your alerts can’t be shown right now. Please try again in a moment.',
  notChanged: 'Your alerts can’t be changed right now. Please try again.',
  noScript: 'My alerts needs JavaScript: please turn it on to see and change your alerts.',
  retry: 'Try again',
  stockTitle: 'Stock Alerts',
  priceTitle: 'Price Alerts',
  created: 'Created',
  productName: 'Product Name',
  subscribedPrice: 'Subscribed Price',
  action: 'Action',
  unsubscribe: 'Unsubscribe',
  sentOn: 'Emailed: it’s back in stock',
  noStock: 'You have no stock alert subscriptions.',
  noPrice: 'You have no price alert subscriptions.',
  unsubscribeAllStock: 'Unsubscribe from all stock alerts',
  unsubscribeAllPrice: 'Unsubscribe from all price alerts',
  /** What removing says, in Magento's words. */
  removedStock: 'You will no longer receive stock alerts for this product.',
  removedPrice: 'You will no longer receive price alerts for this product.',
  removedAllStock: 'You will no longer receive stock alerts.',
  removedAllPrice: 'You will no longer receive price alerts.',
  alreadyGone: 'That alert is no longer in your alerts.',
  /** My Account's block. */
  accountLink: 'See and change my alerts',
  accountIntro: 'Products we email you about when they’re back in stock or cheaper.',
  /** The storefront server's answers. */
  signInFirst: 'Please sign in to get alerts.',
  badSku: 'Send the product as {"kind": "stock" or "price", "sku": "…"}.',
  noSuchProduct: 'This product is no longer sold.',
  /** A price alert's price, e.g. "£199.99". */
  price: (amount: number) => formatPrice(amount),
} as const;
