import {
  NOTIFICATION_DEFAULTS,
  type NotificationConfigResponse,
  type NotificationSettings,
  type PatchNotificationConfigBody,
  type Uidd,
} from '@vigil/contracts';
import { forbidden } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { NotificationRow, NotificationSettingsRepository } from './notification-settings-repository.ts';

const toSettings = (r: NotificationRow): NotificationSettings => ({
  onlineOffline: r.online_offline === 1,
  analytics: r.analytics === 1,
  ruleAlerts: r.rule_alerts === 1,
  email: r.email === 1,
  push: r.push === 1,
});

/**
 * Each person's notifications for a camera they see (decision 0707). What their level does not let them receive
 * (spec 001 §6: online/offline, analytics; rule alerts are analytics) reads off and cannot be turned on.
 */
export class NotificationSettingsService {
  readonly #cameras: CameraAccess;
  readonly #accounts: AccountAccess;
  readonly #repo: NotificationSettingsRepository;
  readonly #now: () => number;
  constructor(d: {
    cameras: CameraAccess;
    accounts: AccountAccess;
    repo: NotificationSettingsRepository;
    now: () => number;
  }) {
    this.#cameras = d.cameras;
    this.#accounts = d.accounts;
    this.#repo = d.repo;
    this.#now = d.now;
  }

  /** GET /cameras/notifications/config?uidd=: the caller's own settings for the camera. */
  async get(caller: Caller, uidd: Uidd): Promise<NotificationConfigResponse> {
    const row = await this.#cameras.require(caller, uidd, 'view');
    const allowed = await this.#allowed(caller, row.owner_uid, uidd);
    const saved = await this.#repo.find(uidd, caller.uid);
    return { uidd, settings: held(saved ? toSettings(saved) : NOTIFICATION_DEFAULTS, allowed), allowed };
  }

  /** PATCH /cameras/notifications/config: body uidd, settings (any of them). */
  async patch(caller: Caller, body: PatchNotificationConfigBody): Promise<NotificationConfigResponse> {
    const current = await this.get(caller, body.uidd);
    const s = body.settings;
    if (
      (s.onlineOffline && !current.allowed.onlineOffline) ||
      ((s.analytics || s.ruleAlerts) && !current.allowed.analytics)
    )
      throw forbidden('Your access level does not include these notifications');
    const next = { ...current.settings, ...s };
    await this.#repo.put({
      uidd: body.uidd,
      user_uid: caller.uid,
      online_offline: next.onlineOffline ? 1 : 0,
      analytics: next.analytics ? 1 : 0,
      rule_alerts: next.ruleAlerts ? 1 : 0,
      email: next.email ? 1 : 0,
      push: next.push ? 1 : 0,
      updated_at: this.#now(),
    });
    return { uidd: body.uidd, settings: next, allowed: current.allowed };
  }

  /**
   * What a person receives from a camera, as the sender reads it (decision 0710): their saved choices or the
   * defaults, held to what their level allows now (read as for `userMay`: their membership, on this camera).
   */
  async receives(uidd: string, ownerUid: string, userUid: string): Promise<NotificationSettings> {
    const [onlineOffline, analytics, saved] = await Promise.all([
      this.#accounts.userMay(userUid, ownerUid, 'notifyOnlineOffline', uidd),
      this.#accounts.userMay(userUid, ownerUid, 'notifyAnalytics', uidd),
      this.#repo.find(uidd, userUid),
    ]);
    return held(saved ? toSettings(saved) : NOTIFICATION_DEFAULTS, { onlineOffline, analytics });
  }

  async #allowed(caller: Caller, owner: string, uidd: Uidd) {
    const [onlineOffline, analytics] = await Promise.all([
      this.#accounts.may(caller, owner, 'notifyOnlineOffline', uidd),
      this.#accounts.may(caller, owner, 'notifyAnalytics', uidd),
    ]);
    return { onlineOffline, analytics };
  }
}

function held(s: NotificationSettings, allowed: { onlineOffline: boolean; analytics: boolean }) {
  return {
    ...s,
    onlineOffline: s.onlineOffline && allowed.onlineOffline,
    analytics: s.analytics && allowed.analytics,
    ruleAlerts: s.ruleAlerts && allowed.analytics,
  };
}
