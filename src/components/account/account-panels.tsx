/**
 * What My Account shows after its own blocks, feature by feature, in one place (account-panel.ts): the
 * latest orders, the trade account, the customer's machines, and the way to their data and privacy.
 */
import type { AccountPanel } from './account-panel.ts';
import { MyAlertsBlock } from '../alerts/MyAlertsBlock.tsx';
import { MyDataBlock } from '../privacy/MyDataBlock.tsx';
import { MyMachines } from '../my-machines/MyMachines.tsx';
import { RecentOrders } from '../orders/RecentOrders.tsx';
import { TradeAccountBlock } from '../trade/TradeAccountBlock.tsx';

export const ACCOUNT_PANELS: readonly AccountPanel[] = [
  RecentOrders,
  TradeAccountBlock,
  MyMachines,
  MyAlertsBlock,
  MyDataBlock,
];
