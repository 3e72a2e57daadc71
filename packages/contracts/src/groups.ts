import { z } from 'zod';
import { Uidd } from './ids.ts';

/** Camera group as the groups calls answer it (spec 000 §3). */
export const CameraGroupRecord = z.object({
  id: z.string(),
  name: z.string(),
  groupName: z.string(),
  uidds: z.array(z.string()),
});
export type CameraGroupRecord = z.infer<typeof CameraGroupRecord>;

const GroupName = z.string().trim().min(1, 'is required').max(100);
export const CreateGroupBody = z.strictObject({
  groupName: GroupName,
  uidd: z.array(Uidd).max(1000).default([]),
});
export const RenameGroupBody = z.strictObject({ newName: GroupName });
export const SetGroupCamerasBody = z.strictObject({ uidd: z.array(Uidd).max(1000) });

/** The installer's synthetic group of free partner-demo cameras (spec 000 §3). */
export const PARTNER_DEMO_GROUP_ID = -1;
