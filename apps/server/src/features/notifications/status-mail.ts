import { localTime, type NoticeCamera, settingsUrl } from './notification-mail.ts';

/** A camera's online/offline change as the notices tell it (decision 0850). */
export interface StatusNotice {
  state: 'online' | 'offline';
  since: number;
  previousSince: number;
  problem: string | null;
  /** The debounce it lasted (CAMERA_STATUS_DEBOUNCE_MS unless tuned). */
  lastedMs: number;
}

/** The recorder's reasons (decision 0308) in people's words; an unknown one is left unsaid. */
const WHY: Readonly<Record<string, string>> = {
  unreachable: 'Vigil cannot reach it on the network.',
  unauthorised: 'It refuses the user name and password Vigil has for it.',
  'no video': 'It answers but sends no video.',
  'video unsupported': 'It sends video Vigil cannot record.',
};

/** The camera's own page, where its live view and status are. */
export const cameraUrl = (publicUrl: string, camera: NoticeCamera) =>
  `${publicUrl}/cameras/${encodeURIComponent(camera.uidd)}`;

/**
 * The e-mail of a camera going offline or coming back (decision 0850; English like the product's other e-mails,
 * "Vigil" and PUBLIC_URL rewritten to the recipient's brand by the mail feature).
 */
export function statusMail(publicUrl: string, camera: NoticeCamera, n: StatusNotice) {
  const at = (ms: number) => localTime(ms, camera.timezoneName);
  const first =
    n.state === 'offline'
      ? [
          `${camera.name} has been offline since ${at(n.since)}.`,
          ...(n.problem && WHY[n.problem] ? [WHY[n.problem] as string] : []),
        ]
      : [`${camera.name} is back online since ${at(n.since)}; it was offline from ${at(n.previousSince)}.`];
  return {
    subject: `Vigil: ${camera.name} is ${n.state === 'offline' ? 'offline' : 'back online'}`,
    text: [
      ...first,
      '',
      `See the camera: ${cameraUrl(publicUrl, camera)}`,
      '',
      `You get this e-mail because your notifications for ${camera.name} ask for it going offline and coming back.`,
      `Vigil tells a change once it has lasted ${duration(n.lastedMs)}.`,
      `Change your notifications: ${settingsUrl(publicUrl, camera)}`,
    ].join('\n'),
  };
}

/** "2 minutes", "1 minute", "6 seconds". */
function duration(ms: number): string {
  const [n, unit] = ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
