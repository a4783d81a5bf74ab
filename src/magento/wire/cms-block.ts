/**
 * `GET /V1/cmsBlock/search` (`Magento\Cms\Api\BlockRepositoryInterface::getList`, ACL `Magento_Cms::block`;
 * COMMERCE-BASICS §6): blocks with their raw content, directives unprocessed. Only the fields the shop
 * reads are declared; `active` is the output key of the `is_active` column.
 */
import { z } from 'zod';

export const magentoCmsBlock = z
  .object({
    id: z.union([z.number(), z.string()]).optional(),
    identifier: z.string(),
    title: z.string().nullish(),
    content: z.string().nullish(),
    update_time: z.string().nullish(),
    active: z.boolean().optional(),
  })
  .loose();
export type MagentoCmsBlock = z.infer<typeof magentoCmsBlock>;

export const magentoCmsBlockSearch = z
  .object({ items: z.array(magentoCmsBlock), total_count: z.number() })
  .loose();
