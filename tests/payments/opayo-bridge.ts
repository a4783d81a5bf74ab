/**
 * A payment bridge with Opayo as its one provider, as the payment tests drive it: started for card
 * payments, with Opayo's notification answered as its route answers it (the acknowledgement's bytes).
 */
import {
  createPaymentBridge,
  type PaymentBridge,
  type PaymentBridgeConfig,
  type StartRequest,
} from '../../src/payments/bridge.ts';
import { acknowledgement } from '../../src/payments/providers/opayo/notify.ts';
import {
  createOpayoServerProvider,
  opayoNotifications,
} from '../../src/payments/providers/opayo/provider.ts';

export { NOTIFY_PATH } from '../../src/payments/providers/opayo/notify.ts';

export interface OpayoBridge extends Omit<PaymentBridge, 'start'> {
  start(request: Omit<StartRequest, 'method'>): ReturnType<PaymentBridge['start']>;
  /** One notification body answered as Opayo's route answers it; throws while the outcome is unknown. */
  notify(body: string): Promise<{ contentType: string; body: string }>;
}

export function opayoBridge(
  config: Omit<PaymentBridgeConfig, 'providers'> & {
    readonly vendor: string;
    readonly registrationUrl: string;
    readonly notificationUrl: string;
  },
): OpayoBridge {
  const { vendor, registrationUrl, notificationUrl, ...rest } = config;
  const providers = [createOpayoServerProvider({ vendor, registrationUrl, notificationUrl })];
  const bridge = createPaymentBridge({ ...rest, providers });
  const notifications = opayoNotifications(vendor);
  return {
    ...bridge,
    start: (request) => bridge.start({ ...request, method: 'card' }),
    notify: async (body) =>
      notifications.acknowledge(await acknowledgement(bridge.settlement, notifications, body)),
  };
}
