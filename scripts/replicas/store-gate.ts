/**
 * The store gate: a TCP relay the replicas reach PostgreSQL through, so the store outage of T3 can be made
 * on any server, the machine's shared one included, without stopping it. SIGUSR1 closes the gate as a
 * stopped server would look: every connection through it is reset and new ones are refused. SIGUSR2 opens
 * it again. Runs as a child process of its own (not in the harness), so relaying adds nothing to the
 * harness's event loop.
 *
 *   node scripts/replicas/store-gate.ts --listen 25433 --target 127.0.0.1:5432
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    listen: { type: 'string' },
    target: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const listenPort = Number(values.listen);
const [targetHost = '', targetPort = ''] = (values.target ?? '').split(/:(?=\d+$)/);
if (!Number.isInteger(listenPort) || !targetHost || !Number(targetPort))
  throw new Error('Usage: store-gate.ts --listen <port> --target <host>:<port>');

const sockets = new Set<Socket>();
let server: Server | undefined;
const stamp = () => new Date().toISOString();

function relay(client: Socket): void {
  const upstream = connect(Number(targetPort), targetHost);
  sockets.add(client);
  sockets.add(upstream);
  const drop = () => {
    client.destroy();
    upstream.destroy();
    sockets.delete(client);
    sockets.delete(upstream);
  };
  client.on('error', drop).on('close', drop);
  upstream.on('error', drop).on('close', drop);
  client.pipe(upstream).pipe(client);
}

function open(): void {
  if (server) return;
  server = createServer(relay);
  server.listen(listenPort, values.host, () =>
    console.info(`${stamp()} gate open: ${values.host}:${listenPort} → ${values.target}`),
  );
}

function close(): void {
  if (!server) return;
  server.close();
  server = undefined;
  const count = sockets.size;
  for (const socket of sockets) socket.resetAndDestroy();
  sockets.clear();
  console.info(`${stamp()} gate closed: ${count} sockets reset, new connections refused`);
}

// Closed, the gate holds no socket: this keeps it running until it is told to stop.
setInterval(() => undefined, 60_000);
process.on('SIGUSR1', close);
process.on('SIGUSR2', open);
process.once('SIGTERM', () => {
  close();
  process.exit(0);
});
open();
