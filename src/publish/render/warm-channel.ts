/**
 * The request/reply channel to the warm renderer's process (warm-client.ts): ids for requests, the
 * replies awaited, and the parsing of every reply (warm-messages.ts) against what its request returns. Its
 * state is one value (`WarmChannel`); the functions below send on it and settle what comes back, so the
 * client keeps only the process and what it knows of the catalogue.
 */
import {
  labelOf,
  parseProblem,
  warmReplySchema,
  warmReplyValueSchemas,
  type WarmMessage,
  type WarmMessageType,
  type WarmReplyValue,
} from './warm-messages.ts';

/** A failure in the renderer's process, as its message says it; `transient` when Magento was down or failing. */
export class WarmRendererError extends Error {
  readonly transient: boolean;
  constructor(message: string, transient = false) {
    super(message);
    this.name = 'WarmRendererError';
    this.transient = transient;
  }
}

/** A request awaiting its reply: `settle` checks the reply's value against what the request returns. */
interface Pending {
  settle(value: unknown): void;
  reject(error: Error): void;
}

/** The channel's state: the last id given, and the requests awaiting their replies by id. */
export interface WarmChannel {
  next: number;
  readonly pending: Map<number, Pending>;
  readonly log: (message: string) => void;
}

export const warmChannel = (log: (message: string) => void): WarmChannel => ({
  next: 0,
  pending: new Map(),
  log,
});

/** The error of an answer that did not parse, logged. */
function unparsed(channel: WarmChannel, what: string, problem: string): WarmRendererError {
  const error = new WarmRendererError(`The warm renderer's ${what} did not parse: ${problem}`);
  channel.log(error.message);
  return error;
}

/** Sends `request` with a new id (through `send`); resolves with its reply's value, parsed. */
export function ask<T extends WarmMessageType>(
  channel: WarmChannel,
  send: (message: WarmMessage & { id: number }) => void,
  request: WarmMessage & { type: T },
): Promise<WarmReplyValue<T>> {
  const id = ++channel.next;
  const schema = warmReplyValueSchemas[request.type];
  return new Promise((resolve, reject) => {
    const settle = (value: unknown): void => {
      const parsed = schema.safeParse(value);
      if (parsed.success) resolve(parsed.data);
      else reject(unparsed(channel, `reply to ${request.type}`, parseProblem(parsed.error)));
    };
    channel.pending.set(id, { settle, reject });
    send({ ...request, id });
  });
}

/**
 * A reply settles the request of its id. One that does not parse rejects that request, or, without an id
 * to go by, every request waiting: then the answer is `stop`, as the renderer's answers cannot be told
 * apart.
 */
export function receive(channel: WarmChannel, message: unknown): 'stop' | undefined {
  const { pending } = channel;
  const parsed = warmReplySchema.safeParse(message);
  if (!parsed.success) {
    const { id } = labelOf(message);
    const error = unparsed(channel, 'reply', parseProblem(parsed.error));
    const waiting = id === undefined ? [...pending.keys()] : [id];
    for (const key of waiting) pending.get(key)?.reject(error);
    for (const key of waiting) pending.delete(key);
    return id === undefined && waiting.length > 0 ? 'stop' : undefined;
  }
  const reply = parsed.data;
  const waiter = pending.get(reply.id);
  pending.delete(reply.id);
  if (reply.ok) waiter?.settle(reply.value);
  else waiter?.reject(new WarmRendererError(reply.error, reply.transient));
  return undefined;
}

/** The process stopped: every request waiting fails, each with an error of its own. */
export function rejectAll(channel: WarmChannel, error: () => Error): void {
  for (const waiter of channel.pending.values()) waiter.reject(error());
  channel.pending.clear();
}
