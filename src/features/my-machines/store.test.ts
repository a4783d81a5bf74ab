/**
 * The My machines store, as its subscribers see it: what it emits on load, add, remove and a model added twice,
 * for a guest (kept in a stand-in for localStorage) and for a customer (kept by a stand-in for the storefront
 * server, answering as /my-machines does), and the carry-over of a guest's machines when they sign in. Each test
 * loads the modules afresh: nothing is shared between tests.
 */
import { setPersistentEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopApi, ShopCall } from '../../shop-api/shop-api.ts';
import { MY_MACHINES_KEY } from './guest.ts';
import { mergedMachines, withMachine, withoutMachine } from './machines.ts';

/** This browser's localStorage: the sign-in marker (through @nanostores/persistent) and the guest's machines. */
let stored: Record<string, string>;
const storage = {
  getItem: (key: string) => stored[key] ?? null,
  setItem: (key: string, value: string) => void (stored[key] = value),
  removeItem: (key: string) => void Reflect.deleteProperty(stored, key),
};

/** The customer's machines as the server keeps them, and the calls it was sent. */
let server: { machines: string[]; calls: string[] };

/** Answers as the storefront server's /my-machines routes do. */
const fakeServer: ShopApi = {
  call<T>(path: string, options: ShopCall<T>): Promise<T> {
    server.calls.push(`${options.method ?? 'GET'} ${path}`);
    if (options.method === 'POST') {
      const body = options.body as { add?: string[]; remove?: string[] };
      server.machines = (body.remove ?? []).reduce(withoutMachine, server.machines);
      server.machines = (body.add ?? []).reduce(withMachine, server.machines);
    }
    const read = options.schema.safeParse({ machines: server.machines });
    return read.success ? Promise.resolve(read.data) : Promise.reject(new Error('unreadable'));
  },
  file: () => Promise.reject(new Error('no files here')),
};

/** The store as a page first imports it; `emitted` holds what it emits to a listener from `listen()` on. */
async function load(signedIn: boolean) {
  if (signedIn) stored['login'] = 'true';
  const store = await import('./store.ts');
  const { useShopApi } = await import('../../shop-api/shop-api.ts');
  const { $login } = await import('../account/session.ts');
  useShopApi(fakeServer);
  const emitted: (readonly string[] | undefined)[] = [];
  const listen = () => store.$myMachines.listen((machines) => emitted.push(machines));
  return { ...store, $login, emitted, listen };
}

beforeEach(() => {
  vi.resetModules();
  stored = {};
  setPersistentEngine(stored, { addEventListener: () => undefined, removeEventListener: () => undefined });
  vi.stubGlobal('localStorage', storage);
  server = { machines: [], calls: [] };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('for a guest', () => {
  it('reads nothing until first used, then the machines this browser keeps', async () => {
    stored[MY_MACHINES_KEY] = '["K 5","WD 3"]';
    const { $myMachines, loadMyMachines, emitted, listen } = await load(false);
    expect($myMachines.get()).toBeUndefined();
    listen();
    expect(await loadMyMachines()).toEqual(['K 5', 'WD 3']);
    expect(emitted).toEqual([['K 5', 'WD 3']]);
  });

  it('adds and removes, keeping them in this browser', async () => {
    const { addMachine, removeMachine, emitted, listen } = await load(false);
    listen();
    await addMachine('K 5');
    await addMachine('  WD   3 ');
    await removeMachine('k5');
    expect(emitted).toEqual([[], ['K 5'], ['K 5', 'WD 3'], ['WD 3']]);
    expect(stored[MY_MACHINES_KEY]).toBe('["WD 3"]');
    expect(server.calls).toEqual([]);
  });

  it('emits nothing for a model kept already, however typed, or one not kept', async () => {
    const { addMachine, removeMachine, emitted, listen } = await load(false);
    listen();
    await addMachine('K 5');
    await addMachine('K5');
    await addMachine('k-5');
    await removeMachine('WD 3');
    expect(emitted).toEqual([[], ['K 5']]);
  });

  it('starts a change from what this browser keeps now: another tab’s machine is not lost', async () => {
    stored[MY_MACHINES_KEY] = '["K 5"]';
    const { addMachine, loadMyMachines } = await load(false);
    await loadMyMachines();
    stored[MY_MACHINES_KEY] = '["K 5","WD 3"]';
    await addMachine('HD 6/15');
    expect(JSON.parse(stored[MY_MACHINES_KEY] ?? '[]')).toEqual(['K 5', 'WD 3', 'HD 6/15']);
  });

  it('refuses what is not a model, and a 21st machine, with a message for the shopper', async () => {
    stored[MY_MACHINES_KEY] = JSON.stringify(Array.from({ length: 20 }, (_, i) => `K ${i + 1}`));
    const { addMachine } = await load(false);
    await expect(addMachine('K 5, WD 3')).rejects.toThrow(/model as it is on its label/);
    await expect(addMachine('WD 3')).rejects.toThrow(/machines is full/);
  });
});

describe('for a customer', () => {
  it('reads and changes the machines kept in Magento, through the server', async () => {
    server.machines = ['K 5'];
    const { addMachine, removeMachine, emitted, listen } = await load(true);
    listen();
    await addMachine('WD 3');
    await addMachine('wd3');
    await removeMachine('K 5');
    expect(emitted).toEqual([['K 5'], ['K 5', 'WD 3'], ['WD 3']]);
    expect(server.calls).toEqual(['GET /my-machines', 'POST /my-machines', 'POST /my-machines']);
  });

  it('reads them on first subscription, and again on sign-in and sign-out', async () => {
    stored[MY_MACHINES_KEY] = '["HD 6/15"]';
    server.machines = ['K 5'];
    const { $myMachines, $login } = await load(false);
    const seen: (readonly string[] | undefined)[] = [];
    const stop = $myMachines.subscribe((machines) => seen.push(machines));
    await vi.waitFor(() => expect($myMachines.get()).toEqual(['HD 6/15']));
    // The sign-in carried the guest's machines over (the server merged them) and cleared this browser's.
    server.machines = mergedMachines(server.machines, ['HD 6/15']);
    Reflect.deleteProperty(stored, MY_MACHINES_KEY);
    $login.set('true');
    await vi.waitFor(() => expect($myMachines.get()).toEqual(['K 5', 'HD 6/15']));
    $login.set('');
    await vi.waitFor(() => expect($myMachines.get()).toEqual([]));
    stop();
    expect(seen).toEqual([undefined, ['HD 6/15'], undefined, ['K 5', 'HD 6/15'], undefined, []]);
  });
});
