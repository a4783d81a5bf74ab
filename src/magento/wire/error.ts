/**
 * Magento's error body (CONTRACT.md §3.1) and its message as a shopper reads it. Checked by hand, with no
 * zod and no Node imports, because every page's browser code reads it (shop-api.ts) as well as the server.
 */
import { asString, handReader, isRecord, type Reader } from '../../parse/reader.ts';

export interface MagentoErrorBody {
  message: string;
  /** The message's `%name` / `%1` values: an object or a list. */
  parameters?: Record<string, unknown> | unknown[] | undefined;
  errors?: { message: string }[] | undefined;
}

export const magentoErrorBody: Reader<MagentoErrorBody> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const message = asString(value['message']);
  const { parameters, errors } = value;
  if (message === undefined) return undefined;
  if (parameters !== undefined && typeof parameters !== 'object') return undefined;
  if (parameters === null) return undefined;
  if (
    errors !== undefined &&
    !(Array.isArray(errors) && errors.every((e) => isRecord(e) && asString(e['message']) !== undefined))
  )
    return undefined;
  return {
    message,
    ...(parameters === undefined ? {} : { parameters: parameters as Record<string, unknown> | unknown[] }),
    ...(errors === undefined ? {} : { errors: errors as { message: string }[] }),
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
