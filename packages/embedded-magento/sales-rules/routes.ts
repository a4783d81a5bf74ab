/**
 * Cart price rules and their coupons for the admin (`SalesRule/etc/webapi.xml`, all
 * `Magento_SalesRule::quote`; COMMERCE-BASICS.md §1.5). On PUT the id in the path is the one saved, as
 * `ParamsOverrider` copies it into the body.
 */
import type { Database } from '../db.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { m } from '../input.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { deleteCoupon, getCoupon, saveCoupon, searchCoupons } from './coupons.ts';
import { couponDto, ruleDto } from './dto.ts';
import { deleteRule, getRule, searchRules } from './rules.ts';
import { saveRule } from './write.ts';

const resource = 'Magento_SalesRule::quote';

export function salesRuleRoutes(db: Database): Route[] {
  const ruleId = (request: RouteRequest) => intParam(request.params['ruleId'], 'ruleId');
  const couponId = (request: RouteRequest) => intParam(request.params['couponId'], 'couponId');
  const criteria = (request: RouteRequest) => parseSearchCriteria(searchCriteriaParam(request));
  return [
    {
      method: 'POST',
      path: '/V1/salesRules',
      resource,
      ...withBody(m.params({ rule: ruleDto }), (_, { rule }) => saveRule(db, rule)),
    },
    {
      method: 'GET',
      path: '/V1/salesRules/search',
      resource,
      handle: (request) => searchRules(db, criteria(request)),
    },
    { method: 'GET', path: '/V1/salesRules/:ruleId', resource, handle: (r) => getRule(db, ruleId(r)) },
    {
      method: 'PUT',
      path: '/V1/salesRules/:ruleId',
      resource,
      ...withBody(m.params({ rule: ruleDto }), (request, { rule }) =>
        saveRule(db, { ...rule, rule_id: ruleId(request) }),
      ),
    },
    { method: 'DELETE', path: '/V1/salesRules/:ruleId', resource, handle: (r) => deleteRule(db, ruleId(r)) },
    {
      method: 'POST',
      path: '/V1/coupons',
      resource,
      ...withBody(m.params({ coupon: couponDto }), (_, { coupon }) => saveCoupon(db, coupon)),
    },
    {
      method: 'GET',
      path: '/V1/coupons/search',
      resource,
      handle: (request) => searchCoupons(db, criteria(request)),
    },
    { method: 'GET', path: '/V1/coupons/:couponId', resource, handle: (r) => getCoupon(db, couponId(r)) },
    {
      method: 'PUT',
      path: '/V1/coupons/:couponId',
      resource,
      ...withBody(m.params({ coupon: couponDto }), (request, { coupon }) =>
        saveCoupon(db, { ...coupon, coupon_id: couponId(request) }),
      ),
    },
    {
      method: 'DELETE',
      path: '/V1/coupons/:couponId',
      resource,
      handle: (r) => deleteCoupon(db, couponId(r)),
    },
  ];
}
