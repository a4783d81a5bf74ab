/**
 * Magento's customer name rule (`customers/validators.ts`) on the names the company calls write: a company's
 * administrator and its users are customers, and Magento's customer repository validates whatever saves them.
 */
import { nameProblems, type NameFields } from '../customers/validators.ts';
import { companyErrors } from './errors.ts';

/** Refuses names the rule refuses (line breaks and markup among them), in Magento's words. */
export function checkNames(names: NameFields): void {
  const problems = nameProblems(names);
  if (problems.length > 0) throw companyErrors.notValid(problems);
}
