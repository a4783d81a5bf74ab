/** The storefront server's answer to a trade account application (`POST /trade-account/apply`). */
import { z } from '../../magento/wire/zod.ts';

export const applicationAnswer = z.object({
  outcome: z.enum(['applied', 'already-pending', 'already-trade']),
});
