import { BILLING_RULES } from './isolation-billing-rules.ts';
import { ORDER_RULES } from './isolation-rules-orders.ts';
import { PPE_RULES } from './isolation-rules-ppe.ts';
import { PUSH_RULES } from './isolation-rules-push.ts';
import { SSO_RULES } from './isolation-rules-sso.ts';
import { VEHICLE_RULES } from './isolation-rules-vehicles.ts';

/**
 * The tenant-isolation matrix's rows that later features wrote in files of their own (isolation.test.ts spreads
 * them in), so the matrix file keeps its size: vehicle analytics (decision 0791), the PPE check (0871), billing (0741), takeaway orders (0842),
 * single sign-on (0830), web push (0713).
 */
export const FEATURE_RULES = {
  ...VEHICLE_RULES,
  ...PPE_RULES,
  ...BILLING_RULES,
  ...ORDER_RULES,
  ...SSO_RULES,
  ...PUSH_RULES,
};
