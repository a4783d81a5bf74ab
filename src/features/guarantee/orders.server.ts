/**
 * The machines a customer bought here, as the registration form offers them: the machine lines of their
 * latest orders (not cancelled), each with its order's number and day, and the day it was delivered, from the
 * order's shipment where Magento has one (`GET /V1/shipments`), else the order's day.
 */
import { z } from 'zod';
import { wallClock, type IsoDay } from '../../calendar/working-days.ts';
import {
  MagentoApiError,
  magentoFetch,
  searchCriteria,
  type IntegrationConfig,
} from '../../magento/client.ts';
import { magentoTime } from '../../magento/wire/date.ts';
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import { customerOrderWire, latestOrders } from '../orders/index.server.ts';
import { visibleLines } from '../orders/index.ts';
import { machineBySku, NotAMachine, type MachineFacts } from './machines.server.ts';

/** A machine from one of the customer's orders. */
export interface OrderedMachine {
  readonly orderNumber: string;
  /** The order's day in the UK. */
  readonly orderedOn: IsoDay;
  readonly sku: string;
  readonly name: string;
  readonly model: string;
}

/** Orders looked through, products read from them, and machines offered, at most. */
const LATEST_ORDERS = 50;
const MOST_LOOKUPS = 30;
const MOST_MACHINES = 20;

/** Magento's `YYYY-MM-DD HH:MM:SS` (UTC) as the day it was in the UK. */
export const ukDay = (magentoDate: string): IsoDay => wallClock(new Date(magentoTime(magentoDate))).day;

/** The machine of this sku, or undefined when it is none (or Magento no longer has it). */
async function machineOrNone(magento: IntegrationConfig, sku: string): Promise<MachineFacts | undefined> {
  try {
    return await machineBySku(magento, sku);
  } catch (error) {
    if (error instanceof NotAMachine) return undefined;
    throw error;
  }
}

const live = (order: CustomerOrderWire) => order.status !== 'canceled' && order.state !== 'canceled';

/** The machines of the customer's latest orders, newest first. */
export async function orderedMachines(
  magento: IntegrationConfig,
  customerId: number,
): Promise<OrderedMachine[]> {
  const lines = (await latestOrders(magento, customerId, LATEST_ORDERS))
    .filter(live)
    .flatMap((order) => visibleLines(order).map((line) => ({ order, sku: line.sku })));
  // Each product is read once, and at most MOST_LOOKUPS of them: detergents and parts are no machines.
  const skus = [...new Set(lines.map((line) => line.sku))].slice(0, MOST_LOOKUPS);
  const facts = new Map(
    await Promise.all(skus.map(async (sku) => [sku, await machineOrNone(magento, sku)] as const)),
  );
  return lines
    .flatMap(({ order, sku }) => {
      const machine = facts.get(sku);
      return machine
        ? [
            {
              orderNumber: order.increment_id,
              orderedOn: ukDay(order.created_at),
              sku,
              name: machine.name,
              model: machine.model,
            },
          ]
        : [];
    })
    .slice(0, MOST_MACHINES);
}

const shipments = z.object({ items: z.array(z.object({ created_at: z.string() }).loose()) }).loose();

/** The day the order's first shipment was made, or undefined when Magento has none (or no shipments at all). */
async function shippedOn(magento: IntegrationConfig, orderId: number): Promise<IsoDay | undefined> {
  const query = searchCriteria({
    filters: [{ field: 'order_id', value: String(orderId) }],
    sort: [{ field: 'created_at', direction: 'ASC' }],
    pageSize: 1,
    currentPage: 1,
  });
  try {
    const found = await magentoFetch(magento, { path: `/shipments?${query}`, schema: shipments });
    const first = found.items[0];
    return first && ukDay(first.created_at);
  } catch (error) {
    // A back end without Magento's shipments (the embedded one), or an integration not allowed to read them
    // (Magento_Sales::shipment, docs/magento.md): the order's day stands in.
    if (error instanceof MagentoApiError && [401, 403, 404].includes(error.status)) return undefined;
    throw error;
  }
}

/** A machine the customer bought here, with its order's and delivery's days. */
export interface BoughtHere {
  readonly machine: MachineFacts;
  readonly orderNumber: string;
  readonly purchasedOn: IsoDay;
  readonly deliveredOn: IsoDay;
}

/** The machine `sku` of the customer's own order `orderNumber`; undefined when that order has no such machine. */
export async function boughtHere(
  magento: IntegrationConfig,
  customerId: number,
  orderNumber: string,
  sku: string,
): Promise<BoughtHere | undefined> {
  const order = await customerOrderWire(magento, customerId, orderNumber);
  if (!order || !live(order) || !visibleLines(order).some((line) => line.sku === sku)) return undefined;
  const machine = await machineOrNone(magento, sku);
  if (!machine) return undefined;
  const purchasedOn = ukDay(order.created_at);
  const deliveredOn = (await shippedOn(magento, order.entity_id)) ?? purchasedOn;
  return { machine, orderNumber, purchasedOn, deliveredOn };
}
