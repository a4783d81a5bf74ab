/** The scenarios in the order they run (topology.md §6, adapted): each leaves the topology whole. */
import type { Scenario } from '../scenario.ts';
import { builderFailover } from './builder-failover.ts';
import { killMidPayment } from './kill-mid-payment.ts';
import { payments } from './payments.ts';
import { paypal } from './paypal.ts';
import { purchaseOrderApprovals } from './purchase-order-approvals.ts';
import { rebuild } from './rebuild.ts';
import { rollingRestart } from './rolling-restart.ts';
import { smoke } from './smoke.ts';
import { storeOutage } from './store-outage.ts';
import { throttles } from './throttles.ts';

export const SCENARIOS: readonly Scenario[] = [
  smoke,
  payments,
  killMidPayment,
  paypal,
  purchaseOrderApprovals,
  storeOutage,
  throttles,
  rebuild,
  builderFailover,
  rollingRestart,
];
