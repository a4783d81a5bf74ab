/** The one REST app the embedded PayPal sandbox knows: the shop's defaults (payments/providers/paypal/settings.ts). */
export { EMBEDDED_PAYPAL_APP } from '../../payments/providers/paypal/settings.ts';
