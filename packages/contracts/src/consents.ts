import { z } from 'zod';

/**
 * An account's consents (spec 000 §2 /manage-plan/ai-training and /manage-plan/demo-consent, main brand; decision
 * 0743): to let its footage train our models, and to let its cameras be shown in partner demos. Both are off until
 * the account turns them on; `updatedAt` is null when it never chose.
 */
export const Consents = z.object({
  aiTraining: z.boolean(),
  partnerDemo: z.boolean(),
  updatedAt: z.number().nullable(),
});
export type Consents = z.infer<typeof Consents>;
export const ConsentsBody = z
  .strictObject({ aiTraining: z.boolean().optional(), partnerDemo: z.boolean().optional() })
  .refine((b) => b.aiTraining !== undefined || b.partnerDemo !== undefined, 'Name a consent to change');
export type ConsentsBody = z.infer<typeof ConsentsBody>;
