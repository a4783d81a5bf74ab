/**
 * PayPal Checkout behind the provider seam, over PayPal's REST APIs and without PayPal's browser script:
 * `register` creates an order (`order-body.ts`) and sends the shopper to its `payer-action` link (for Pay
 * in 3 with Pay Later preferred, as PayPal's own web checkout asks: `fundingSource=paylater`); the
 * shopper's return captures it (`routes.ts`); webhooks (`webhook.ts`) and recovery (`check`) finish what a
 * closed tab left. Nothing is captured for an order that can no longer be placed, and a capture whose
 * order Magento then refused is refunded (`give-back.ts`). The order is placed once by the bridge whichever of them arrives first.
 */
import { paymentTexts } from '../../texts.ts';
import { randomBytes } from 'node:crypto';
import type { PaymentProvider, RegistrationResult } from '../../provider.ts';
import { PayPalUnavailable, issueOf, type PayPalApi } from './api.ts';
import { captureIfOrderable, expiredNotice, isRefusal, orderNotice } from './capture.ts';
import { giveBack } from './give-back.ts';
import { orderBody } from './order-body.ts';
import { payPalRoutes, RETURN_PATH, CANCEL_PATH } from './routes.ts';
import { PAYPAL } from './settings.ts';
import { linkOf } from './wire.ts';

/** How long PayPal keeps an order the payer has not completed (Orders v2: three hours). */
export const APPROVAL_LIFETIME_MS = 3 * 60 * 60_000;

export interface PayPalProviderConfig {
  readonly api: PayPalApi;
  /** The shop's public URL: PayPal sends the shopper back to `{siteUrl}/payments/paypal/return`. */
  readonly siteUrl: string;
  /** The name PayPal shows the payer (`brand_name`). */
  readonly shopName: string;
}

/** 40 letters, digits and hyphens, like every transaction code (spec §9). */
const newCode = (): string => `PP-${randomBytes(28).toString('base64url').replace(/[_]/g, '0')}`.slice(0, 40);

async function register(config: PayPalProviderConfig, order: Parameters<PaymentProvider['register']>[0]) {
  const back = (path: string) => `${config.siteUrl}${path}?code=${encodeURIComponent(order.code)}`;
  const body = orderBody(
    order,
    { returnUrl: back(RETURN_PATH), cancelUrl: back(CANCEL_PATH) },
    config.shopName,
  );
  const answer = await config.api.createOrder(body, `create-${order.code}`);
  if (!answer.ok)
    return { ok: false, kind: issueOf(answer.error), detail: answer.error.message ?? '' } as const;
  const approve = linkOf(answer.value.links, 'payer-action') ?? linkOf(answer.value.links, 'approve');
  if (!approve)
    return {
      ok: false,
      kind: 'UNREADABLE',
      detail: `order ${answer.value.id} without payer-action`,
    } as const;
  const nextUrl = new URL(approve);
  if (order.method === 'paylater') nextUrl.searchParams.set('fundingSource', 'paylater');
  return { ok: true, providerRef: answer.value.id, providerData: '', nextUrl: nextUrl.href } as const;
}

export function createPayPalProvider(config: PayPalProviderConfig): PaymentProvider {
  const { api } = config;
  return {
    name: PAYPAL,
    methods: ['paypal', 'paylater'],
    notStarted: paymentTexts.payPalUnavailable,
    orderComment: ({ method, providerRef }) =>
      `Paid with ${method === 'paylater' ? 'Pay in 3 with PayPal' : 'PayPal'}: PayPal order ${providerRef}`,
    newCode,
    routes: (settlement) => payPalRoutes(settlement, api),

    async register(order): Promise<RegistrationResult> {
      try {
        return await register(config, order);
      } catch (error) {
        if (!(error instanceof PayPalUnavailable)) throw error;
        return { ok: false, kind: 'TRANSPORT', detail: error.message };
      }
    },

    /**
     * Left waiting: approved (captured now), captured (settled), gone or past its lifetime (ended: PayPal
     * answers an expired order as not found), or still the payer's to approve.
     */
    async check(record, before) {
      const order = await api.getOrder(record.providerRef);
      const lapsed = Date.now() - Date.parse(record.createdAt) > APPROVAL_LIFETIME_MS;
      if (!order.ok) return order.status === 404 || lapsed ? expiredNotice(record) : undefined;
      const said = orderNotice(record, order.value);
      if (said) return said;
      if (order.value.status !== 'APPROVED') return lapsed ? expiredNotice(record) : undefined;
      const captured = await captureIfOrderable(api, record, before);
      return isRefusal(captured) ? undefined : captured;
    },

    giveBack: (record) => giveBack(api, record),
  };
}
