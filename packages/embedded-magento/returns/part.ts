/**
 * Mage-OS's returns module (MageOS_RMA) as a part of the embedded GraphQL schema (`../graphql/schema.ts`):
 * its four queries and three mutations, resolved as its Model/Resolver/*.php do (`queries.ts`,
 * `mutations.ts`), a customer by the bearer customer token, a guest by order number and e-mail.
 */
import type { SchemaPart } from '../graphql/schema-part.ts';
import { addReturnComment, createCustomerReturn, createGuestReturn } from './mutations.ts';
import { customerReturn, customerReturns, guestReturn, returnComments } from './queries.ts';
import { RETURNS_SDL } from './sdl.ts';

export const returnsPart: SchemaPart = {
  sdl: RETURNS_SDL,
  root: {
    customerReturns,
    customerReturn,
    guestReturn,
    returnComments,
    createCustomerReturn,
    createGuestReturn,
    addReturnComment,
  },
};
