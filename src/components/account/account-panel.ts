/**
 * My Account's slot: a block another feature adds after the account's own three (Account Information,
 * billing and shipping addresses), drawn with the customer Magento answered. The host declares it; one
 * composition file fills it (account-panels.tsx), so My Account names no other feature. A panel needs
 * nothing of this folder: its props say what it is given.
 */
import type { ComponentType } from 'react';
import type { Customer } from '../../magento/wire/customer.ts';

export interface AccountPanelProps {
  readonly customer: Customer;
}

export type AccountPanel = ComponentType<AccountPanelProps>;
