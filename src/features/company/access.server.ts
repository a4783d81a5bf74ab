/**
 * Reads what the signed-in customer may do for their company (`CompanyAccess`), from Adobe's
 * `customer { role }` and then, for a company user only, `company`: Adobe refuses `company` to anyone else
 * with `graphql-authorization`, which would read as a session Magento no longer accepts. A Magento Open
 * Source back end has no `role` field: its GraphQL answers "Cannot query field \"role\" on type
 * \"Customer\"", which is remembered per back end so every later request asks nothing (docs/magento.md,
 * "Company accounts").
 */
import { magentoGraphql, MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { READ_COMPANY_HEAD, READ_CUSTOMER_ROLE, type AclNodeWire } from '../../magento/wire/company.ts';
import { ALL_COMPANY_RESOURCES, type CompanyAccess } from './access.ts';

/** Back ends (by base URL) that said they have no B2B. */
const withoutB2b = new Set<string>();

/** Whether Magento's error says the schema has no company (Magento Open Source). */
export const meansNoB2b = (error: unknown): boolean =>
  error instanceof MagentoGraphqlError &&
  error.kind !== 'unauthorized' &&
  /Cannot query field "(company|role|purchase_orders_enabled)"/.test(error.magentoMessage ?? '');

function collect(nodes: readonly AclNodeWire[] | null | undefined, into: Set<string>): Set<string> {
  for (const node of nodes ?? []) {
    into.add(node.id);
    collect(node.children, into);
  }
  return into;
}

/** The customer's role (null: in no company), or undefined when the back end has no B2B. */
async function readRole(magento: MagentoGraphqlConfig, token: string) {
  try {
    return (await magentoGraphql(magento, READ_CUSTOMER_ROLE, { token })).customer;
  } catch (error) {
    if (!meansNoB2b(error)) throw error;
    withoutB2b.add(magento.baseUrl);
    return undefined;
  }
}

/** The company, or undefined while it awaits approval (Adobe answers `company` only for an approved one). */
async function readHead(magento: MagentoGraphqlConfig, token: string) {
  try {
    return (await magentoGraphql(magento, READ_COMPANY_HEAD, { token })).company ?? undefined;
  } catch (error) {
    // The customer was just read with this token: a refusal now is the company's, not the session's.
    if (error instanceof MagentoGraphqlError && error.kind !== 'unavailable') return undefined;
    throw error;
  }
}

/**
 * The customer's company access, or undefined: they are in no company (or one not yet approved), or the
 * back end has no B2B.
 */
export async function readCompanyAccess(
  magento: MagentoGraphqlConfig,
  token: string,
): Promise<CompanyAccess | undefined> {
  if (withoutB2b.has(magento.baseUrl)) return undefined;
  const customer = await readRole(magento, token);
  if (!customer?.role) return undefined;
  const company = await readHead(magento, token);
  if (!company) return undefined;
  const email = customer.email?.toLowerCase();
  const isAdmin = email !== undefined && company.company_admin?.email?.toLowerCase() === email;
  return {
    companyUid: company.id,
    companyName: company.name ?? '',
    isAdmin,
    roleName: isAdmin ? null : (customer.role.name ?? null),
    allowed: isAdmin ? new Set(ALL_COMPANY_RESOURCES) : collect(customer.role.permissions, new Set()),
    purchaseOrdersEnabled: customer.purchase_orders_enabled === true,
  };
}

/**
 * Whether Magento still takes the customer's token: Adobe words some refusals of a call as it words an ended
 * session (a `graphql-authorization` error), so the routes ask once more before they end one.
 */
export async function stillSignedIn(
  magento: MagentoGraphqlConfig,
  token: string,
  read: typeof readCompanyAccess = readCompanyAccess,
): Promise<boolean> {
  try {
    await read(magento, token);
    return true;
  } catch (error) {
    if (error instanceof MagentoGraphqlError && error.kind === 'unauthorized') return false;
    throw error;
  }
}
