/**
 * The loopback ports of the replicas topology (research topology.md §6), clear of the live shop (4321,
 * 8080, 8090) and of the end-to-end shop (14321, 18081, 18091), and a check that they are free before
 * anything starts, so a leftover daemon is named instead of being tested by mistake.
 */
import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

export const PORTS = {
  varnish: 24380,
  haproxy: 24300,
  replicaA: 24321,
  replicaB: 24322,
  /** A throwaway PostgreSQL cluster, when no server is given or answers on 5432. */
  postgres: 25432,
  /** The gate in front of PostgreSQL that the replicas connect through (the store outage of T3). */
  storeGate: 25433,
  magento: 28081,
  sandbox: 28091,
  /** The PayPal sandbox, one for both replicas as the Opayo sandbox is. */
  paypal: 28092,
  /** The mail catcher's page and JSON API, and its SMTP server, one for both replicas. */
  mailCatcher: 28093,
  mailCatcherSmtp: 28025,
} as const;

export const urlOf = (port: number): string => `http://${HOST}:${port}`;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** Throws naming every port of `ports` something already listens on. */
export async function assertPortsFree(ports: Readonly<Record<string, number>>): Promise<void> {
  const taken: string[] = [];
  for (const [name, port] of Object.entries(ports))
    if (!(await isFree(port))) taken.push(`${port} (${name})`);
  if (taken.length > 0)
    throw new Error(
      `Ports already in use on ${HOST}: ${taken.join(', ')}. Stop what listens there (a previous run that was killed? \`ss -ltnp\` names the process) and run again.`,
    );
}
