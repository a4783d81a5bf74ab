/**
 * The embedded back end's own review moderation routes, under `/V1/embedded/` so that no Magento URL can
 * ever mean them (Magento 2.4 moderates in its admin and has no review web API: `/V1/reviews` answers
 * "Request does not match any route."). The admin's ACL resource is Magento's for the review grid,
 * `Magento_Review::reviews_all` (Review/etc/acl.xml): an admin or integration token, as every admin route.
 *
 * - `GET /V1/embedded/reviews?status=pending&sku=…&pageSize=20&currentPage=1`: reviews newest first
 *   (`status` approved, pending or rejected, and `sku`, both optional), as
 *   `{items: [{id, status, status_id, status_label, product_id, sku, product_name, customer_id, nickname,
 *   summary, text, created_at, ratings: [{name, value}]}], total_count, page_size, current_page}`;
 * - `PUT /V1/embedded/reviews/:id` with `{"status": "approved" | "rejected" | "pending"}`: the review with its
 *   new status. Approving shows it (and counts it in `review_count` and `rating_summary`) at once. Like
 *   Magento's admin, it tells the storefront nothing (no rebuild hook, unlike a product save): the shop
 *   notices the changed rating at its next review check (src/catalogue/reviews.ts).
 */
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { intParam, optionalInt, queryValue } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { listReviews, moderateReview, statusWord } from './moderation.ts';

const resource = 'Magento_Review::reviews_all';

export function reviewRoutes(db: Database): Route[] {
  return [
    {
      method: 'GET',
      path: '/V1/embedded/reviews',
      resource,
      summary: 'Reviews newest first, by status and product (the embedded back end’s own).',
      handle: (request) => {
        const status = queryValue(request, 'status');
        const sku = queryValue(request, 'sku');
        const pageSize = optionalInt(queryValue(request, 'pageSize'), 'pageSize') ?? 20;
        const currentPage = optionalInt(queryValue(request, 'currentPage'), 'currentPage') ?? 1;
        if (pageSize < 1) throw errors.invalidFieldValue('pageSize', pageSize);
        if (currentPage < 1) throw errors.invalidFieldValue('currentPage', currentPage);
        return listReviews(db, {
          ...(status !== undefined && status !== '' ? { status: statusWord(status) } : {}),
          ...(sku !== undefined && sku !== '' ? { sku } : {}),
          pageSize,
          currentPage,
        });
      },
    },
    {
      method: 'PUT',
      path: '/V1/embedded/reviews/:id',
      resource,
      summary: 'Approves, rejects or puts back to pending one review (the embedded back end’s own).',
      ...withBody(m.params({ status: m.string() }), ({ params }, { status }) => {
        return moderateReview(db, intParam(params['id'], 'id'), statusWord(status));
      }),
    },
  ];
}
