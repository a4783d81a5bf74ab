/** Magento's countries with their regions (`directory/countries`, §5.9). */
import { z } from './zod.ts';

const text = z.string().nullable().optional();

export const countriesSchema = z.array(
  z
    .object({
      id: z.string(),
      full_name_english: text.transform((value) => value ?? ''),
      available_regions: z
        .array(
          z.object({ id: z.union([z.string(), z.number()]), code: z.string(), name: z.string() }).loose(),
        )
        .optional(),
    })
    .loose(),
);
export type Country = z.infer<typeof countriesSchema>[number];
