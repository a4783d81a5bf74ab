/**
 * The two fit files the parts finder reads (catalogue/fit-files.ts): the models (`/fit-data/models.json`)
 * and the machines' label numbers (`/fit-data/labels.json`). Read by hand, not with zod: the browser reads
 * them on the finder's page (whose JavaScript must stay small), and the storefront server reads the live
 * build's copies with the same checks, so both answer alike. A file that is not of its shape reads as
 * undefined, never as a partial list.
 */
import type { ModelEntry } from '../../catalogue/fit-files.ts';
import { asNumber, asString, isRecord } from '../../magento/wire/reader.ts';

/** Label numbers (digits only, `labelKey`) → the slug of the machine's model. */
export type LabelEntries = Readonly<Record<string, string>>;

function readModel(value: unknown): ModelEntry | undefined {
  if (!isRecord(value)) return undefined;
  const name = asString(value['name']);
  const slug = asString(value['slug']);
  const key = asString(value['key']);
  const kind = value['kind'] === null ? null : asString(value['kind']);
  const machines = asNumber(value['machines']);
  const parts = asNumber(value['parts']);
  if (name === undefined || slug === undefined || key === undefined || kind === undefined) return undefined;
  if (machines === undefined || parts === undefined) return undefined;
  return { name, slug, key, kind, machines, parts };
}

/** `models.json` as read, or undefined when it is not a list of models. */
export function readModels(value: unknown): ModelEntry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const models: ModelEntry[] = [];
  for (const entry of value) {
    const model = readModel(entry);
    if (!model) return undefined;
    models.push(model);
  }
  return models;
}

/** `labels.json` as read, or undefined when it is not an object of label numbers and slugs. */
export function readLabels(value: unknown): LabelEntries | undefined {
  if (!isRecord(value)) return undefined;
  const labels: Record<string, string> = {};
  for (const [label, slug] of Object.entries(value)) {
    if (typeof slug !== 'string') return undefined;
    labels[label] = slug;
  }
  return labels;
}
