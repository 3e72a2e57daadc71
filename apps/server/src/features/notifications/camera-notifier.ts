import type { NotificationSettings, RealtimeMessage } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraRow } from '../access/ports.ts';
import { motionMail, NOTIFICATION_WINDOW_MS, type NoticeCamera, ruleAlertMail } from './notification-mail.ts';
import type { NotificationKind, SendsRepository } from './sends-repository.ts';
import { cameraUrl, type StatusNotice, statusMail } from './status-mail.ts';

/** What the notifier reads and uses of other features, handed in by app.ts (decision 0018). */
export interface CameraNotifierDeps {
  sends: SendsRepository;
  /** The cameras feature's row. */
  camera: (uidd: string) => Promise<CameraRow | undefined>;
  /** The demo account's uid (features/auth): its cameras move all day and nobody reads its mail. */
  demoUid: () => Promise<string | undefined>;
  /** The account's additional users who accepted (features/accounts); the owner is always asked too. */
  memberUids: (ownerUid: string) => Promise<string[]>;
  /** A person's choices for the camera, held to their level (features/notification-settings). */
  receives: (uidd: string, ownerUid: string, userUid: string) => Promise<NotificationSettings>;
  /** The camera's notifications schedule (features/schedules). */
  scheduleAllows: (uidd: string, timezoneName: string, at: number) => Promise<boolean>;
  emailOf: (uid: string) => Promise<string | undefined>;
  mail: (m: { to: string; subject: string; text: string }) => Promise<void>;
  /** Web push to each browser the person subscribed (features/push, decision 0713). */
  push: (
    uid: string,
    p: { title: string; body: string; url: string },
    urgency: 'normal' | 'high',
  ) => Promise<number>;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => number;
}

/** A notice to tell: the setting that asks for it, its e-mail, its push's page and urgency. */
interface Notice {
  uidd: string;
  /** The rate limit's kind (one of a kind per person and camera in the window); none: told every time. */
  kind: NotificationKind | undefined;
  setting: 'analytics' | 'ruleAlerts' | 'onlineOffline';
  mail: (camera: NoticeCamera) => { subject: string; text: string };
  page: (camera: NoticeCamera) => string;
  urgency: 'normal' | 'high';
}

/**
 * Motion events and alert rules' matches become notifications (decision 0710): to the camera's owner and each
 * additional user who may receive them and asked for them (features/notification-settings), while the camera's
 * notifications schedule allows, at most one of each kind per person and camera in NOTIFICATION_WINDOW_MS. It sees
 * the messages where they are made (the process that recorded the event), never those read back from NATS, so a
 * fleet's servers do not each send; the rate limit's claim in the database is shared all the same.
 */
export class CameraNotifier {
  readonly #d: CameraNotifierDeps;
  readonly #pending = new Set<Promise<void>>();
  constructor(d: CameraNotifierDeps) {
    this.#d = d;
  }

  /** Looks at a realtime message as it is published; what it sends is sent in the background. */
  observe(message: RealtimeMessage): void {
    const notice = this.#noticeOf(message);
    if (notice) this.#send(notice);
  }

  #send(notice: Notice): void {
    const done = this.#tell(notice)
      .catch((err) => this.#d.log.warn({ err, uidd: notice.uidd }, 'notification not sent'))
      .finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }

  /**
   * A camera's online/offline change that lasted the debounce (decision 0850), from the recorder reading it. Not
   * rate limited: the debounce is its limit, and an offline held back would leave people believing it online.
   */
  statusChanged(change: StatusNotice & { uidd: string }): void {
    this.#send({
      uidd: change.uidd,
      kind: undefined,
      setting: 'onlineOffline',
      mail: (c) => statusMail(this.#d.publicUrl, c, change),
      page: (c) => cameraUrl(this.#d.publicUrl, c),
      urgency: change.state === 'offline' ? 'high' : 'normal',
    });
  }

  /** Waits for the notices under way (tests, and a closing app). */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled(this.#pending);
  }

  #noticeOf(m: RealtimeMessage): Notice | undefined {
    const url = this.#d.publicUrl;
    const page = () => `${url}/events`;
    if (m.type === 'alert') {
      const { uidd, startTime } = m.data;
      const mail = (c: NoticeCamera) => motionMail(url, c, startTime);
      return { uidd, kind: 'motion', setting: 'analytics', mail, page, urgency: 'normal' };
    }
    if (m.type === 'ruleAlert' && m.data.notify) {
      const alert = m.data;
      const at = this.#d.now();
      return {
        uidd: alert.uidd,
        kind: 'rule',
        setting: 'ruleAlerts',
        mail: (c) => ruleAlertMail(url, c, alert, at),
        page,
        urgency: 'high',
      };
    }
    return undefined;
  }

  async #tell(n: Notice): Promise<void> {
    const d = this.#d;
    const row = await d.camera(n.uidd);
    if (!row || row.uninstalled || row.owner_uid === (await d.demoUid())) return;
    const at = d.now();
    if (!(await d.scheduleAllows(n.uidd, row.timezone_name, at))) return;
    const camera = { uidd: n.uidd, name: row.name, timezoneName: row.timezone_name };
    const people = [row.owner_uid, ...(await d.memberUids(row.owner_uid))];
    for (const uid of new Set(people)) {
      const wants = await d.receives(n.uidd, row.owner_uid, uid);
      if (!wants[n.setting] || !(wants.email || wants.push)) continue;
      // One claim for both channels: the window holds the person's notices, however they come.
      if (n.kind && !(await d.sends.claim(uid, n.uidd, n.kind, at, NOTIFICATION_WINDOW_MS))) continue;
      const mail = n.mail(camera);
      const to = wants.email ? await d.emailOf(uid) : undefined;
      await Promise.all([
        to ? d.mail({ to, ...mail }) : undefined,
        wants.push ? d.push(uid, pushOf(mail, n.page(camera)), n.urgency) : undefined,
      ]);
    }
  }
}

/** The push notification of an e-mail: its subject without the product's prefix, its first line, its page. */
function pushOf(mail: { subject: string; text: string }, url: string) {
  return {
    title: mail.subject.replace(/^Vigil: /, ''),
    body: mail.text.split('\n')[0] ?? '',
    url,
  };
}
