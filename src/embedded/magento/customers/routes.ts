/** Customer services: sign-up (anonymous), the signed-in customer (`me`) and the admin's view of one. */
import type { Database } from '../db.ts';
import { customerId, intParam } from '../http/params.ts';
import { dtoParam, type Route } from '../http/route.ts';
import { customerDto, type Params } from '../input.ts';
import { createCustomer, serializeCustomer, updateCustomer } from './customers.ts';

const customerBody: Params = {
  customer: { type: { dto: customerDto }, required: true },
  passwordHash: { type: 'string' },
};

export function customerRoutes(db: Database): Route[] {
  return [
    {
      method: 'POST',
      path: '/V1/customers',
      resource: 'anonymous',
      body: {
        customer: { type: { dto: customerDto }, required: true },
        password: { type: 'string' },
        redirectUrl: { type: 'string' },
      },
      handle: ({ body, caller }) =>
        createCustomer(
          db,
          dtoParam(body, 'customer'),
          typeof body['password'] === 'string' ? body['password'] : undefined,
          caller.kind === 'admin' || caller.kind === 'integration',
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
      body: customerBody,
      handle: ({ body, caller }) => updateCustomer(db, customerId(caller), dtoParam(body, 'customer')),
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
      body: customerBody,
      handle: ({ body, params }) =>
        updateCustomer(db, intParam(params['customerId'], 'customerId'), dtoParam(body, 'customer')),
    },
  ];
}
