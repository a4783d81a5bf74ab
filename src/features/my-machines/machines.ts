/**
 * My machines' own pure rules, shared by the browser's store and the storefront server: what a machine's model
 * name may look like, how many a shopper keeps, how a guest's list is kept in localStorage (read tolerantly:
 * anything corrupt reads as an empty list) and how the customer's is kept in Magento (the customer attribute
 * `my_machines`, labels joined by ", "). Two typings of one model ("K 5", "K5") are one machine (`modelKey`).
 */
import { modelKey } from '../../catalogue/fits.ts';
import { readJson } from '@cleaning-shop/kit/reader.ts';

/** The customer attribute that keeps them in Magento. */
export const MY_MACHINES_ATTRIBUTE = 'my_machines';

/** How many machines a shopper keeps: more than a workshop owns. */
export const MAX_MACHINES = 20;

/** Magento keeps a text customer attribute in `customer_entity_varchar.value`, a varchar(255). */
export const MAX_MACHINES_TEXT = 255;

/** A model name's longest ("HD 6/15 C Plus" is 14). */
export const MAX_MACHINE_NAME = 40;

/** What joins the names in Magento's attribute: a name therefore never holds a comma. */
const SEPARATOR = ', ';

/** Magento's attribute value of the list: "K 5, WD 3"; '' for none. */
export const joinMachines = (names: readonly string[]): string => names.join(SEPARATOR);

/**
 * A model name as a shopper keeps it: 1 to 40 characters with a letter or digit, no commas, no control
 * characters, no spaces around it.
 */
export const isMachineName = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MAX_MACHINE_NAME &&
  value.trim() === value &&
  modelKey(value) !== '' &&
  /^[^\p{Cc},]+$/u.test(value);

/** Each model once (the first typing of it kept), in order. */
export function distinctMachines(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = modelKey(name);
    return !seen.has(key) && seen.add(key);
  });
}

/** Whether a shopper may keep the list: at most MAX_MACHINES, its text in Magento within MAX_MACHINES_TEXT. */
export const roomFor = (names: readonly string[]): boolean =>
  names.length <= MAX_MACHINES && joinMachines(names).length <= MAX_MACHINES_TEXT;

/** Each model once, as many of the first as there is room for. */
function keptMachines(names: readonly string[]): string[] {
  const kept: string[] = [];
  for (const name of distinctMachines(names)) {
    if (!roomFor([...kept, name])) break;
    kept.push(name);
  }
  return kept;
}

export const sameMachine = (a: string, b: string): boolean => modelKey(a) === modelKey(b);

export const keepsMachine = (names: readonly string[], name: string): boolean =>
  names.some((kept) => sameMachine(kept, name));

/** The list with `name` at its end, unless it keeps that model already (then as it was). */
export const withMachine = (names: readonly string[], name: string): string[] =>
  keepsMachine(names, name) ? [...names] : [...names, name];

/** The list without the model `name` (however it was typed). */
export const withoutMachine = (names: readonly string[], name: string): string[] =>
  names.filter((kept) => !sameMachine(kept, name));

/** `kept` with the models of `added` it lacks at its end (a guest's carried over at sign-in), as many as there is room for. */
export const mergedMachines = (kept: readonly string[], added: readonly string[]): string[] =>
  keptMachines([...kept, ...added]);

/** The guest's list as stored, or [] when missing or corrupt: entries that are not names are dropped. */
export function decodeMachines(stored: string | null | undefined): string[] {
  const value = readJson(stored);
  return Array.isArray(value) ? keptMachines(value.filter(isMachineName)) : [];
}

/** The list in Magento's attribute value, read tolerantly (a name not of the shape is dropped). */
export const splitMachines = (value: string | null | undefined): string[] =>
  keptMachines(
    (value ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(isMachineName),
  );
