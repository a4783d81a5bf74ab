/**
 * What My Account shows after its own blocks, feature by feature, in one place (account-panel.ts): the
 * latest orders, the trade account, the customer's company (or the way to register one), a company's purchase orders and quotes, the customer's machines, alerts, requisition lists, and the way to their data and privacy.
 */
import type { AccountPanel } from './account-panel.ts';
import { MyAlertsBlock } from '../alerts/MyAlertsBlock.tsx';
import { CompanyBlock } from '../company/CompanyBlock.tsx';
import { MyDataBlock } from '../privacy/MyDataBlock.tsx';
import { MyMachines } from '../my-machines/MyMachines.tsx';
import { PurchaseOrdersBlock } from '../purchase-orders/PurchaseOrdersBlock.tsx';
import { QuotesBlock } from '../quotes/QuotesBlock.tsx';
import { RecentOrders } from '../orders/RecentOrders.tsx';
import { RequisitionListsBlock } from '../requisition-lists/RequisitionListsBlock.tsx';
import { TradeAccountBlock } from '../trade/TradeAccountBlock.tsx';

export const ACCOUNT_PANELS: readonly AccountPanel[] = [
  RecentOrders,
  TradeAccountBlock,
  CompanyBlock,
  PurchaseOrdersBlock,
  QuotesBlock,
  MyMachines,
  MyAlertsBlock,
  RequisitionListsBlock,
  MyDataBlock,
];
