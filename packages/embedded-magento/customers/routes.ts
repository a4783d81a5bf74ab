/**
 * Customer services: sign-up (anonymous), the signed-in customer (`me`) and the admin's view of one, its
 * save and its deletion.
 */
import type { Database } from '../db.ts';
import { customerId, intParam, searchCriteriaParam } from '../http/params.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { searchCustomers } from './search.ts';
import { withBody, type Route } from '../http/route.ts';
import { customerDto, m } from '../input.ts';
import { createCustomer, serializeCustomer, updateCustomer } from './customers.ts';
import { deleteCustomer } from './delete.ts';

const customerBody = m.params({ customer: customerDto, passwordHash: m.string().optional() });

export function customerRoutes(db: Database): Route[] {
  return [
    {
      method: 'POST',
      path: '/V1/customers',
      resource: 'anonymous',
      ...withBody(
        m.params({
          customer: customerDto,
          password: m.string().optional(),
          redirectUrl: m.string().optional(),
        }),
        ({ caller }, { customer, password }) =>
          createCustomer(
            db,
            customer,
            password ?? undefined,
            caller.kind === 'admin' || caller.kind === 'integration',
          ),
      ),
    },
    {
      method: 'GET',
      path: '/V1/customers/me',
      resource: 'self',
      handle: ({ caller }) => serializeCustomer(db, customerId(caller)),
    },
    {
      method: 'PUT',
      path: '/V1/customers/me',
      resource: 'self',
      ...withBody(customerBody, ({ caller }, { customer }) =>
        updateCustomer(db, customerId(caller), customer, true),
      ),
    },
    {
      method: 'GET',
      path: '/V1/customers/search',
      resource: 'Magento_Customer::customer',
      handle: (request) => searchCustomers(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    {
      method: 'GET',
      path: '/V1/customers/:customerId',
      resource: 'Magento_Customer::customer',
      handle: ({ params }) => serializeCustomer(db, intParam(params['customerId'], 'customerId')),
    },
    {
      method: 'PUT',
      path: '/V1/customers/:customerId',
      resource: 'Magento_Customer::manage',
      ...withBody(customerBody, ({ params }, { customer }) =>
        updateCustomer(db, intParam(params['customerId'], 'customerId'), customer),
      ),
    },
    {
      method: 'DELETE',
      path: '/V1/customers/:customerId',
      resource: 'Magento_Customer::manage',
      handle: ({ params }) => deleteCustomer(db, intParam(params['customerId'], 'customerId')),
    },
  ];
}
