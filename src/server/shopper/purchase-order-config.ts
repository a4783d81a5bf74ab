/** What the purchase-order routes (purchase-orders.ts) and their steps and failures beside them are given. */
import type { CompanyAccess } from '../../features/company/index.ts';
import type { MagentoGraphqlConfig } from '../../magento/graphql.ts';
import type { TryLock } from '../../store/locks.ts';

export interface PurchaseOrderRoutesConfig {
  /** Magento's GraphQL (its base URL); calls carry the session's customer token. */
  readonly magento: MagentoGraphqlConfig;
  readonly siteUrl: string;
  /** One lock among every replica: an order placed for a purchase order once. */
  readonly lock: TryLock;
  readonly log?: (message: string) => void;
  /** What the customer may do for their company: features/company's reading unless a test gives another. */
  readonly access?: (magento: MagentoGraphqlConfig, token: string) => Promise<CompanyAccess | undefined>;
}
