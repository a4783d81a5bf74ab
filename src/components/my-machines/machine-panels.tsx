/**
 * What other features show under the customer's machines (MyMachines), in one place, so the block names
 * no other feature: the machines registered for a guarantee, with the way to register one
 * (components/guarantee/).
 */
import { GuaranteeRegistrations } from '../guarantee/GuaranteeRegistrations.tsx';

export function MachinePanels() {
  return <GuaranteeRegistrations linkToRegister />;
}
