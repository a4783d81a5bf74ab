/** Magento's error body (CONTRACT.md §3.1) and its message as a shopper reads it; no Node imports, so browser code may use it. */
import { z } from '../../zod.ts';

/** Magento's error body (CONTRACT.md §3.1); parameters may be an object or a list. */
export const magentoErrorBody = z.object({
  message: z.string(),
  parameters: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  errors: z.array(z.object({ message: z.string() }).loose()).optional(),
});

/** Substitutes `%name` / `%1` placeholders the way Magento clients do. */
export function renderMagentoMessage(body: z.infer<typeof magentoErrorBody>): string {
  const { message, parameters } = body;
  if (!parameters) return message;
  return message.replace(/%(\w+)/g, (whole, key: string) => {
    const value = Array.isArray(parameters) ? parameters[Number(key) - 1] : parameters[key];
    return value === undefined || value === null ? whole : String(value);
  });
}
