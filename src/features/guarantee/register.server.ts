/**
 * Registering a machine for its guarantee (issue 54): a machine bought here (its order names the dates) or
 * elsewhere (model, serial number and the purchase date the shopper gives), with an optional receipt photo.
 * Every field's problem is found before anything is kept, so the shopper corrects them all at once; then the
 * registration is kept once per serial and model (a double submit answers the first; another customer's
 * serial is refused with what to do). Today is the shop's clock's day in the UK.
 */
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { wallClock } from '../../calendar/working-days.ts';
import type { IntegrationConfig } from '../../magento/client.ts';
import { machineByModel, NotAMachine, type MachineFacts } from './machines.server.ts';
import { boughtHere } from './orders.server.ts';
import { checkReceipt } from './receipt.ts';
import type { GuaranteeRecords, Registration } from './registrations.server.ts';
import {
  earliestPurchase,
  guaranteeTerms,
  normalSerial,
  purchaseDateProblem,
  serialProblem,
} from './rules.ts';
import type { GuaranteeSettings } from './settings.ts';
import { guaranteeTexts as t } from './texts.ts';

/** Registrations a customer keeps at most: a bound on what one account can store (receipts are up to 5 MB). */
export const MAX_REGISTRATIONS = 100;

export interface RegisterDeps {
  /** Magento as the integration: orders, products, shipments. */
  readonly magento: IntegrationConfig;
  readonly records: GuaranteeRecords;
  readonly settings: GuaranteeSettings;
  readonly clock: Clock;
  /** The shop's phone, in the refusal of a serial registered already. */
  readonly phone: string;
}

/** The form's fields a problem is shown beside. */
export type RegistrationField = 'machine' | 'model' | 'serial' | 'purchaseDate' | 'receipt';

export type RegistrationInput = {
  readonly serial: string;
  readonly receipt?: Uint8Array | undefined;
} & (
  | { readonly bought: 'here'; readonly orderNumber: string; readonly sku: string }
  | { readonly bought: 'elsewhere'; readonly model: string; readonly purchaseDate: string }
);

/** The registration cannot be kept as sent: each field's problem, and whether it is a conflict (409). */
export class RegistrationRefused extends Error {
  readonly problems: Partial<Record<RegistrationField, string>>;
  readonly conflict: boolean;
  constructor(problems: Partial<Record<RegistrationField, string>>, conflict = false) {
    super(Object.values(problems).join(' '));
    this.name = 'RegistrationRefused';
    this.problems = problems;
    this.conflict = conflict;
  }
}

interface Bought {
  readonly machine: MachineFacts;
  readonly orderNumber: string | null;
  readonly purchasedOn: string;
  readonly deliveredOn: string;
}

type Problems = Partial<Record<RegistrationField, string>>;

async function elsewhere(
  deps: RegisterDeps,
  model: string,
  purchaseDate: string,
  today: string,
  problems: Problems,
): Promise<Bought | undefined> {
  let machine: MachineFacts | undefined;
  if (model.trim() === '') problems.model = t.modelMissing;
  else {
    try {
      machine = await machineByModel(deps.magento, model);
    } catch (error) {
      if (!(error instanceof NotAMachine)) throw error;
    }
    if (!machine) problems.model = t.modelUnknown(model.trim());
  }
  const earliest = machine ? earliestPurchase(machine.model, machine.createdAt, deps.settings) : null;
  const dateProblem = purchaseDateProblem(purchaseDate.trim(), today, earliest);
  if (dateProblem) problems.purchaseDate = dateProblem;
  if (!machine || dateProblem) return undefined;
  const day = purchaseDate.trim();
  return { machine, orderNumber: null, purchasedOn: day, deliveredOn: day };
}

/** The customer's registration of the machine: new (`created`), or theirs already for this serial. */
export async function registerMachine(
  deps: RegisterDeps,
  customerId: number,
  input: RegistrationInput,
): Promise<{ registration: Registration; created: boolean }> {
  const today = wallClock(new Date(deps.clock.now())).day;
  if ((await deps.records.of(customerId)).length >= MAX_REGISTRATIONS)
    throw new RegistrationRefused({ machine: t.tooMany(MAX_REGISTRATIONS, deps.phone) }, true);
  const problems: Problems = {};
  let bought: Bought | undefined;
  if (input.bought === 'here') {
    bought = await boughtHere(deps.magento, customerId, input.orderNumber, input.sku);
    if (!bought) problems.machine = t.orderUnknown;
  } else bought = await elsewhere(deps, input.model, input.purchaseDate, today, problems);

  const serial = normalSerial(input.serial);
  const model = bought?.machine.model ?? (input.bought === 'elsewhere' ? input.model.trim() : '');
  const serialIssue = serialProblem(model || 'machine', input.serial, deps.settings);
  if (serialIssue) problems.serial = serialIssue;
  const receipt = input.receipt && input.receipt.byteLength > 0 ? checkReceipt(input.receipt) : undefined;
  if (receipt && !receipt.ok) problems.receipt = receipt.problem === 'size' ? t.receiptSize : t.receiptType;
  if (!bought || Object.keys(problems).length > 0) throw new RegistrationRefused(problems);

  const { machine } = bought;
  const terms = guaranteeTerms(
    { audience: machine.audience, deliveredOn: bought.deliveredOn, registeredOn: today },
    deps.settings,
  );
  const kept = await deps.records.register({
    customerId,
    sku: machine.sku,
    model: machine.model,
    productName: machine.name,
    audience: machine.audience,
    serial,
    purchasedOn: bought.purchasedOn,
    deliveredOn: bought.deliveredOn,
    registeredOn: today,
    orderNumber: bought.orderNumber,
    standardYears: terms.standardYears,
    extraYears: terms.extraYears,
    endsOn: terms.endsOn,
    noExtraYear: terms.noExtraYear,
    registerBy: terms.registerBy,
    receipt: receipt?.ok && input.receipt ? { type: receipt.type, content: input.receipt } : null,
  });
  if (kept.outcome === 'taken') throw new RegistrationRefused({ serial: t.duplicate(deps.phone) }, true);
  return { registration: kept.registration, created: kept.outcome === 'registered' };
}
