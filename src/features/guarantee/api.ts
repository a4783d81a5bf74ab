/**
 * The registration page's calls to the storefront server (features/guarantee's routes): the customer's
 * registrations, the machines of their orders, and registering one (a form with an optional receipt
 * file, so not the JSON of `shopFetch`). Answers are read with hand checks; a refusal keeps each field's
 * message for the form.
 */
import { asListOf, asNumber, asString, handReader, isRecord } from '@cleaning-shop/kit/reader.ts';
import { shopFetch, ShopApiError } from '../../shop-api/shop-api.ts';
import { ORDERED_MACHINES_API, REGISTRATIONS_API } from './paths.ts';
import type { RegistrationField } from './register.server.ts';

/** A registration as the page shows it. */
export interface ShownRegistration {
  readonly certificate: string;
  readonly model: string;
  readonly productName: string;
  readonly serial: string;
  readonly endsOn: string;
  readonly noExtraYear: 'professional' | 'late' | null;
  readonly registerBy: string | null;
  readonly extraYears: number;
}

export interface OfferedMachine {
  readonly orderNumber: string;
  readonly orderedOn: string;
  readonly sku: string;
  readonly name: string;
  readonly model: string;
}

function asRegistration(value: unknown): ShownRegistration | undefined {
  if (!isRecord(value)) return undefined;
  const text = (name: string) => asString(value[name]);
  const [certificate, model, productName, serial, endsOn] = [
    text('certificate'),
    text('model'),
    text('productName'),
    text('serial'),
    text('endsOn'),
  ];
  const extraYears = asNumber(value['extraYears']);
  const noExtraYear = value['noExtraYear'];
  if (!certificate || !model || !productName || !serial || !endsOn || extraYears === undefined)
    return undefined;
  if (noExtraYear !== null && noExtraYear !== 'professional' && noExtraYear !== 'late') return undefined;
  return {
    certificate,
    model,
    productName,
    serial,
    endsOn,
    noExtraYear,
    registerBy: text('registerBy') ?? null,
    extraYears,
  };
}

function asOffered(value: unknown): OfferedMachine | undefined {
  if (!isRecord(value)) return undefined;
  const [orderNumber, orderedOn, sku, name, model] = ['orderNumber', 'orderedOn', 'sku', 'name', 'model'].map(
    (key) => asString(value[key]),
  );
  return orderNumber && orderedOn && sku && name && model
    ? { orderNumber, orderedOn, sku, name, model }
    : undefined;
}

const registrationsAnswer = handReader((value) =>
  isRecord(value) ? asListOf(value['registrations'], asRegistration) : undefined,
);
const orderedAnswer = handReader((value) =>
  isRecord(value) ? asListOf(value['machines'], asOffered) : undefined,
);

export const fetchRegistrations = (): Promise<ShownRegistration[]> =>
  shopFetch(REGISTRATIONS_API, { schema: registrationsAnswer });

export const fetchOrderedMachines = (): Promise<OfferedMachine[]> =>
  shopFetch(ORDERED_MACHINES_API, { schema: orderedAnswer });

/** The registration was refused: the message, and each field's own. */
export class RegistrationProblems extends ShopApiError {
  readonly problems: Partial<Record<RegistrationField, string>>;
  constructor(status: number, message: string, problems: Partial<Record<RegistrationField, string>>) {
    super(status, message);
    this.name = 'RegistrationProblems';
    this.problems = problems;
  }
}

const FIELDS: readonly RegistrationField[] = ['machine', 'model', 'serial', 'purchaseDate', 'receipt'];

function problemsOf(value: unknown): Partial<Record<RegistrationField, string>> {
  const problems: Partial<Record<RegistrationField, string>> = {};
  if (isRecord(value) && isRecord(value['problems']))
    for (const field of FIELDS) {
      const message = asString(value['problems'][field]);
      if (message) problems[field] = message;
    }
  return problems;
}

const registered = handReader((value) =>
  isRecord(value) ? asRegistration(value['registration']) : undefined,
);

/** Registers the machine the form describes; RegistrationProblems when refused, ShopApiError when down. */
export async function registerMachine(form: FormData): Promise<ShownRegistration> {
  try {
    return await shopFetch(REGISTRATIONS_API, { method: 'POST', body: form, schema: registered });
  } catch (error) {
    if (error instanceof ShopApiError && (error.status === 400 || error.status === 409))
      throw new RegistrationProblems(error.status, error.message, problemsOf(error.answer));
    throw error;
  }
}
