/**
 * Magento's error body (CONTRACT.md §3.1) and its message as a shopper reads it. Checked by hand, with no
 * zod and no Node imports, because every page's browser code reads it (shop-api.ts) as well as the server.
 */
import { asListOf, asString, handReader, isRecord, type Reader } from '@cleaning-shop/kit/reader.ts';

export interface MagentoErrorBody {
  message: string;
  /** The message's `%name` / `%1` values: an object or a list. */
  parameters?: Record<string, unknown> | unknown[] | undefined;
  errors?: { message: string }[] | undefined;
}

/** `parameters` as Magento sends them: an object or a list. */
const asParameters = (value: unknown): Record<string, unknown> | unknown[] | undefined =>
  isRecord(value) || Array.isArray(value) ? value : undefined;

function readError(value: unknown): { message: string } | undefined {
  const message = isRecord(value) ? asString(value['message']) : undefined;
  return message === undefined ? undefined : { message };
}

export const magentoErrorBody: Reader<MagentoErrorBody> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const message = asString(value['message']);
  const parameters = value['parameters'] === undefined ? undefined : asParameters(value['parameters']);
  const errors = value['errors'] === undefined ? undefined : asListOf(value['errors'], readError);
  if (message === undefined) return undefined;
  if (value['parameters'] !== undefined && parameters === undefined) return undefined;
  if (value['errors'] !== undefined && errors === undefined) return undefined;
  return {
    message,
    ...(parameters === undefined ? {} : { parameters }),
    ...(errors === undefined ? {} : { errors }),
  };
});

/** Substitutes `%name` / `%1` placeholders the way Magento clients do. */
export function renderMagentoMessage(body: MagentoErrorBody): string {
  const { message, parameters } = body;
  if (!parameters) return message;
  return message.replace(/%(\w+)/g, (whole, key: string) => {
    const value = Array.isArray(parameters) ? parameters[Number(key) - 1] : parameters[key];
    return value === undefined || value === null ? whole : String(value);
  });
}
