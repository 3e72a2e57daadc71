import type { RealtimeMessage } from '@vigil/contracts';

type RuleAlert = Extract<RealtimeMessage, { type: 'ruleAlert' }>['data'];

/** The camera as a notice names it. */
export interface NoticeCamera {
  uidd: string;
  name: string;
  timezoneName: string;
}

/** At most one notice of a kind per person and camera in this window (decision 0710). */
export const NOTIFICATION_WINDOW_MS = 10 * 60_000;

/** The camera's wall-clock time of the event, as people read it: "24 Nov 2026, 21:05". */
export function localTime(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** The camera's settings page, where a person changes their notifications. */
export const settingsUrl = (publicUrl: string, camera: NoticeCamera) =>
  `${publicUrl}/cameras/${encodeURIComponent(camera.uidd)}/settings`;

/**
 * The e-mails' words (English, like the product's other e-mails; "Vigil" and PUBLIC_URL are rewritten to the
 * recipient's brand by the mail feature, decisions 0823, 0825).
 */
function footer(publicUrl: string, camera: NoticeCamera, what: string): string {
  const settings = settingsUrl(publicUrl, camera);
  return [
    `See the events: ${publicUrl}/events`,
    '',
    `You get this e-mail because your notifications for ${camera.name} ask for ${what}. Vigil sends at most one`,
    `such e-mail per camera every ${NOTIFICATION_WINDOW_MS / 60_000} minutes; the events page lists them all.`,
    `Change your notifications: ${settings}`,
  ].join('\n');
}

export function ruleAlertMail(publicUrl: string, camera: NoticeCamera, alert: RuleAlert, at: number) {
  return {
    subject: `Vigil: ${alert.ruleName} (${camera.name})`,
    text: [
      `${alert.ruleName}: ${alert.objectClass} in ${alert.areaName}, seen by ${camera.name} at ${localTime(at, camera.timezoneName)}.`,
      '',
      footer(publicUrl, camera, 'alert rules'),
    ].join('\n'),
  };
}

export function motionMail(publicUrl: string, camera: NoticeCamera, startMs: number) {
  return {
    subject: `Vigil: motion at ${camera.name}`,
    text: [
      `${camera.name} saw motion at ${localTime(startMs, camera.timezoneName)}.`,
      '',
      footer(publicUrl, camera, 'what analytics find'),
    ].join('\n'),
  };
}
