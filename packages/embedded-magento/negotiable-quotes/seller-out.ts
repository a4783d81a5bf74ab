/** A negotiable quote's comments as the admin REST answers them (the quote itself: `cart-out.ts`). */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

const commentRow = z.object({
  entity_id: sqlNumber,
  parent_id: sqlNumber,
  creator_type: sqlNumber,
  is_decline: sqlNumber,
  is_draft: sqlNumber,
  creator_id: sqlNumber,
  comment: z.string(),
  created_at: z.string(),
});

/** `GET /V1/negotiableQuote/:quoteId/comments`: CommentInterface[], oldest first. */
export const commentsOut = (db: Database, quoteId: number) =>
  db
    .all(commentRow, 'SELECT * FROM negotiable_quote_comment WHERE parent_id = ? ORDER BY entity_id', quoteId)
    .map((row) => ({
      ...row,
      is_decline: row.is_decline === 1,
      is_draft: row.is_draft === 1,
      attachments: [],
    }));
