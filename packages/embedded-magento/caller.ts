/** Who a request acts for, as the token resolves it (`auth/`): what every route and handler is handed. */

export type Caller =
  | { readonly kind: 'guest' }
  | { readonly kind: 'customer'; readonly customerId: number }
  | { readonly kind: 'admin'; readonly adminId: number }
  | { readonly kind: 'integration' };
