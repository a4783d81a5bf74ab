/**
 * Guarantee registration (issue 54) as same-origin routes, always for the customer whose token the session
 * cookie holds; kept in the shop's own store (features/guarantee/registrations.server.ts). Reads refuse
 * other sites, the registration is checked like the other writes (Origin, a bounded body); answers are
 * never cached.
 *
 * - `GET /guarantee/registrations` → `{registrations: [...]}`, newest first
 * - `GET /guarantee/ordered` → `{machines: [{orderNumber, orderedOn, sku, name, model}]}`: the machines of
 *   the customer's orders, to offer with their order
 * - `POST /guarantee/registrations`, a form (multipart): `bought=here` with `order` and `sku`, or
 *   `bought=elsewhere` with `model` and `purchaseDate`; `serial`; an optional `receipt` file → 201
 *   `{registration}` (the customer's registration of that serial already: 200 with it). 400
 *   `{message, problems: {field: message}}` for what to correct; 409 when another customer registered the
 *   serial. On success the confirmation with the certificate is queued (once per registration) and the
 *   model joins the customer's My machines.
 * - `GET /guarantee/registrations/:certificate/certificate.pdf` → the certificate as a download; another
 *   customer's, or none: 404.
 *
 * No session: 401. Magento or the store down: 503 with a line that says so, nothing typed lost.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { changeMachines, type MachinesDeps } from '../../features/my-machines/index.server.ts';
import {
  renderCertificatePdf,
  certificateFileName,
  type CertificateShop,
  confirmationMail,
  orderedMachines,
  registerMachine,
  RegistrationRefused,
  type RegisterDeps,
  type RegistrationInput,
  registrationSchema,
  type GuaranteeRecords,
  type Registration,
} from '../../features/guarantee/index.server.ts';
import {
  MAX_SERIAL,
  MAX_RECEIPT_BYTES,
  type GuaranteeSettings,
  guaranteeTexts as t,
} from '../../features/guarantee/index.ts';
import { sessionCustomer } from '../../features/account/index.server.ts';
import type { OrdersMagento } from '../../features/orders/index.server.ts';
import {
  customerSession,
  errorMessage,
  HttpError,
  jsonErrors,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  signedIn,
} from '../../http/index.ts';
import type { MailSender } from '../../mail/compose.ts';
import type { Outbox } from '../../mail/outbox.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import { processLock, type TryLock } from '../../store/locks.ts';

export interface GuaranteeRoutesConfig {
  /** Magento as the integration (orders, products); the customer's own data with the session's token. */
  readonly magento: OrdersMagento;
  readonly records: GuaranteeRecords;
  readonly settings: GuaranteeSettings;
  /** The shop's clock: today, for the dates and the extra year's window. */
  readonly clock: Clock;
  /** The shop as the certificate and the e-mail name it (its phone in the refusal of a taken serial). */
  readonly shop: CertificateShop & MailSender;
  readonly outbox: Outbox;
  readonly siteUrl: string;
  /** The lock a customer's machines are changed under (shared with My machines). */
  readonly lock?: TryLock;
  readonly log?: (message: string) => void;
}

/** A receipt photo and the few short fields around it. */
const MAX_BODY = MAX_RECEIPT_BYTES + 64 * 1024;

const field = (max: number) => z.string().max(max).optional().default('');
const formSchema = z.discriminatedUnion('bought', [
  z.object({ bought: z.literal('here'), order: z.string().min(1).max(40), sku: z.string().min(1).max(64) }),
  z.object({ bought: z.literal('elsewhere'), model: field(60), purchaseDate: field(20) }),
]);
const serialSchema = field(MAX_SERIAL * 2);

/** The form's fields and file as the registration takes them; 400 when it is not such a form. */
async function readForm(c: Context): Promise<RegistrationInput> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new HttpError(400, t.badBody);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const parsed = formSchema.safeParse({
    bought: text('bought'),
    order: text('order'),
    sku: text('sku'),
    model: text('model'),
    purchaseDate: text('purchaseDate'),
  });
  const serial = serialSchema.safeParse(text('serial'));
  if (!parsed.success || !serial.success) throw new HttpError(400, t.badBody);
  const file = form.get('receipt');
  const receipt =
    file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
  const common = { serial: serial.data, receipt };
  return parsed.data.bought === 'here'
    ? { ...common, bought: 'here', orderNumber: parsed.data.order, sku: parsed.data.sku }
    : { ...common, bought: 'elsewhere', model: parsed.data.model, purchaseDate: parsed.data.purchaseDate };
}

/** What the browser sees of a registration (never the customer id). */
const shown = (registration: Registration) =>
  registrationSchema.omit({ customerId: true }).parse(registration);

const customerName = (customer: Pick<Customer, 'firstname' | 'lastname' | 'email'>) =>
  [customer.firstname, customer.lastname].filter(Boolean).join(' ') || (customer.email ?? '');

/** What the handlers use: the routes' settings, registering's dependencies, and My machines'. */
interface GuaranteeDeps {
  readonly config: GuaranteeRoutesConfig;
  readonly register: RegisterDeps;
  readonly machines: MachinesDeps;
  readonly log: (message: string) => void;
}

/** After a registration: its confirmation queued, its model among the customer's machines; neither fails it. */
async function followUp(deps: GuaranteeDeps, token: string, me: Customer, registration: Registration) {
  const { shop, siteUrl, outbox } = deps.config;
  try {
    const pdf = await renderCertificatePdf({ shop, customer: customerName(me), registration });
    await outbox.enqueue(
      `guarantee-registered:${registration.certificate}`,
      confirmationMail(shop, { to: me.email ?? '', siteUrl, registration, pdf }),
    );
  } catch (error) {
    deps.log(
      `Guarantee: the confirmation of ${registration.certificate} was not queued: ${errorMessage(error)}`,
    );
  }
  try {
    await changeMachines(deps.machines, token, { add: [registration.model] });
  } catch (error) {
    deps.log(`Guarantee: ${registration.model} was not added to My machines: ${errorMessage(error)}`);
  }
}

/** `POST /guarantee/registrations`: 201 (200: theirs already), or each field's problem (400, 409). */
async function register(deps: GuaranteeDeps, c: Context, token: string): Promise<Response> {
  const input = await readForm(c);
  const me = await sessionCustomer(deps.config.magento, token);
  try {
    const { registration, created } = await registerMachine(deps.register, me.id, input);
    // A repeated submit answers the registration made; its e-mail went with the first.
    if (created) await followUp(deps, token, me, registration);
    return jsonReply(created ? 201 : 200, { registration: shown(registration) });
  } catch (error) {
    if (!(error instanceof RegistrationRefused)) throw error;
    return jsonReply(error.conflict ? 409 : 400, { message: error.message, problems: error.problems });
  }
}

/** `GET …/:certificate/certificate.pdf`: the customer's own certificate as a download; 404 otherwise. */
async function certificate(deps: GuaranteeDeps, token: string, number: string): Promise<Response> {
  const { magento, records, shop } = deps.config;
  const me = await sessionCustomer(magento, token);
  const registration = await records.one(me.id, number);
  if (!registration) throw new HttpError(404, t.noSuchCertificate);
  const pdf = await renderCertificatePdf({ shop, customer: customerName(me), registration });
  // A copy on its own ArrayBuffer, as a Response body must be.
  return new Response(pdf.slice(), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': `attachment; filename="${certificateFileName(registration.certificate)}"`,
    },
  });
}

function guaranteeDeps(config: GuaranteeRoutesConfig): GuaranteeDeps {
  const { magento, records, shop } = config;
  return {
    config,
    register: { magento, records, settings: config.settings, clock: config.clock, phone: shop.phone },
    machines: { magento, lock: config.lock ?? processLock() },
    log: config.log ?? (() => undefined),
  };
}

export function createGuaranteeRoutes(config: GuaranteeRoutesConfig): Hono {
  const deps = guaranteeDeps(config);
  const { magento, siteUrl, records } = config;
  const customer = [customerSession({ siteUrl }), signedIn(t.signIn)] as const;

  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      deps.log(`Guarantee registration failed: ${errorMessage(error)}`);
      return new HttpError(503, c.req.method === 'GET' ? t.cannotShow : t.cannotRegister);
    }),
  );
  routes.get('/guarantee/registrations', notCrossSite(siteUrl), ...customer, async (c) => {
    const { id } = await sessionCustomer(magento, c.var.customerToken);
    return jsonReply(200, { registrations: (await records.of(id)).map(shown) });
  });
  routes.get('/guarantee/ordered', notCrossSite(siteUrl), ...customer, async (c) => {
    const { id } = await sessionCustomer(magento, c.var.customerToken);
    return jsonReply(200, { machines: await orderedMachines(magento, id) });
  });
  routes.post('/guarantee/registrations', sameOrigin(siteUrl), limitBody(MAX_BODY), ...customer, (c) =>
    register(deps, c, c.var.customerToken),
  );
  routes.get(
    '/guarantee/registrations/:certificate/certificate.pdf',
    notCrossSite(siteUrl),
    ...customer,
    (c) => certificate(deps, c.var.customerToken, c.req.param('certificate')),
  );
  routes.all('/guarantee/registrations', methodNotAllowed('GET, HEAD, POST'));
  routes.all('/guarantee/ordered', methodNotAllowed('GET, HEAD'));
  return routes;
}
