/**
 * PayPal's error answers, as its REST APIs give them (Orders v2 and Payments v2 OpenAPI, `error_400`,
 * `error_401`, `error_404`, `error_422`): `{ name, message, debug_id, details: [{ field, value, location,
 * issue, description }], links }`, with the `information_link` PayPal points at for the first issue.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { newDebugId } from './ids.ts';

export interface IssueDetail {
  /** JSON pointer to the field, e.g. `/purchase_units/@reference_id=='default'/amount/value`. */
  readonly field?: string | undefined;
  readonly value?: string | undefined;
  readonly location?: 'body' | 'path' | 'query' | 'header' | undefined;
  readonly issue: string;
  readonly description: string;
}

export interface Link {
  readonly href: string;
  readonly rel: string;
  readonly method?: string;
}

export type ErrorName =
  'INVALID_REQUEST' | 'AUTHENTICATION_FAILURE' | 'RESOURCE_NOT_FOUND' | 'UNPROCESSABLE_ENTITY';

const ERRORS: Readonly<Record<ErrorName, { status: ContentfulStatusCode; message: string }>> = {
  INVALID_REQUEST: {
    status: 400,
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  },
  AUTHENTICATION_FAILURE: {
    status: 401,
    message:
      'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  },
  RESOURCE_NOT_FOUND: { status: 404, message: 'The specified resource does not exist.' },
  UNPROCESSABLE_ENTITY: {
    status: 422,
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
  },
};

/** Which API's documentation the information link points into. */
export type Api = 'orders' | 'payments' | 'notifications';

const DOCS: Readonly<Record<Api, string>> = {
  orders: 'https://developer.paypal.com/docs/api/orders/v2/#error-',
  payments: 'https://developer.paypal.com/docs/api/payments/v2/#error-',
  notifications: 'https://developer.paypal.com/docs/api/webhooks/v1/#error-',
};

export interface PayPalError {
  readonly status: ContentfulStatusCode;
  readonly body: {
    readonly name: ErrorName;
    readonly message: string;
    readonly debug_id: string;
    readonly details?: readonly IssueDetail[];
    readonly links: readonly Link[];
  };
}

export function payPalError(
  name: ErrorName,
  api: Api,
  details: readonly IssueDetail[] = [],
  extraLinks: readonly Link[] = [],
): PayPalError {
  const { status, message } = ERRORS[name];
  const first = details[0]?.issue ?? name;
  return {
    status,
    body: {
      name,
      message,
      debug_id: newDebugId(),
      ...(details.length ? { details } : {}),
      links: [{ href: `${DOCS[api]}${first}`, rel: 'information_link', method: 'GET' }, ...extraLinks],
    },
  };
}

/** 404 for an id the sandbox does not know (or no longer knows: an expired order). */
export const notFound = (
  api: Api,
  id: string,
  field = api === 'orders' ? 'order_id' : 'capture_id',
): PayPalError =>
  payPalError('RESOURCE_NOT_FOUND', api, [
    {
      field,
      value: id,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

export function sendJson(
  c: Context,
  status: ContentfulStatusCode,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return c.body(JSON.stringify(body), status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...headers,
  });
}

export const sendError = (c: Context, error: PayPalError): Response =>
  sendJson(c, error.status, error.body, { 'PayPal-Debug-Id': error.body.debug_id });
