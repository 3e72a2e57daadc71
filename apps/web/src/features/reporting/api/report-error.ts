import { ReportAccepted, type WebErrorReport } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /web-errors/:uid/slack (spec 000 §7): one error report; `anonymous` when nobody is signed in. */
export const sendErrorReport = (uid: string, body: WebErrorReport): Promise<unknown> =>
  apiFetch(`/web-errors/${encodeURIComponent(uid)}/slack`, ReportAccepted, { method: 'POST', body });
