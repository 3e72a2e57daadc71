import { ReportAccepted, type UsageLogBody } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /tracking/{uid}/0/alog (spec 000 §7): one usage-log entry. */
export const sendUsageLog = (uid: string, body: UsageLogBody): Promise<unknown> =>
  apiFetch(`/tracking/${encodeURIComponent(uid)}/0/alog`, ReportAccepted, { method: 'POST', body });
