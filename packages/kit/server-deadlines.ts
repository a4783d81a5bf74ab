/**
 * Deadlines every server of the shop listens with (the storefront, the embedded back end, the payment
 * sandbox), so a slow or silent client is cut within seconds and cannot hold the server's sockets:
 * the headers must arrive within 5 s of the connection, the whole request (body included) within 15 s,
 * and an idle kept-alive connection closes after 5 s. Node checks these every half second, not every
 * 30 s as it does by default. Answers may take as long as they need (e.g. a live progress stream).
 */
import type { ServerOptions } from 'node:http';

export const SERVER_DEADLINES = {
  headersTimeout: 5_000,
  requestTimeout: 15_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 500,
} as const satisfies ServerOptions;
