import {
  type Action,
  CAMERA_ACTIONS,
  type CameraAction,
  type CameraPermission,
  type CameraQueryError,
  levelAllows,
  type SupportViewKind,
  type Uidd,
} from '@vigil/contracts';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess, AccountRole } from './account-access.ts';
import type { CameraRow, CameraRows } from './ports.ts';
import type { SupportViewSink } from './support-views.ts';

/**
 * The one place that answers "may this caller do this to this camera". Every camera route asks here, never
 * compares uids itself. Actions follow the spec's permission groups (000 §6, 001 §6) so the multi-user issue can
 * map permission levels onto them without touching the routes:
 *   video: viewLive, viewRecorded, events, delete (recorded video and events);
 *   settings: cameraSettings, notificationSettings, rename;
 *   other: ptz, install (add, uninstall and remove cameras of the account);
 *   view: see that the camera exists, its status, stills and tags (implied by any other action).
 */
export { CAMERA_ACTIONS, type CameraAction } from '@vigil/contracts';

/** Actions that change nothing: support may do them, and so may a demo session. */
export const READ_ACTIONS: ReadonlySet<CameraAction> = new Set([
  'view',
  'viewLive',
  'viewRecorded',
  'events',
]);

/**
 * - allow
 * - hidden: the caller may not even know the camera exists (answered 404, like a camera that does not exist)
 * - forbidden: the caller sees the camera but may not do this (403)
 * - demo: a demo session asking for a change (403 demo_restricted; GET routes that change things need this,
 *   the auth guard only stops non-GET requests)
 * - consent: support asking for pictures or video of an account whose owner has not granted it (403
 *   support_consent_required, decision 0017)
 */
export type AccessDecision = 'allow' | 'hidden' | 'forbidden' | 'demo' | 'consent';

/** The camera video support may watch while the owner consents, and what the audit log calls it (decision 0017). */
const SUPPORT_VIDEO: ReadonlyMap<CameraAction, SupportViewKind> = new Map([
  ['viewLive', 'live'],
  ['viewRecorded', 'recorded'],
]);

/** The account-level action each camera action needs (decision 0010); 'view' is any camera access at all. */
const LEVEL_ACTION: Record<Exclude<CameraAction, 'view'>, Action> = {
  viewLive: 'viewLive',
  viewRecorded: 'viewRecorded',
  events: 'events',
  delete: 'deleteVideo',
  cameraSettings: 'cameraSettings',
  notificationSettings: 'notificationSettings',
  rename: 'rename',
  ptz: 'ptz',
  install: 'install',
};

/**
 * The rule, given what the caller is to the camera's account (AccountAccess.roleOn): the owner may do everything;
 * support may see cameras (metadata, status, tags) and no change, and watches live and recorded video only while
 * the owner consents (decision 0017; stills: CameraAccess.requirePictures); an additional user may do what
 * their level allows (decision 0010) to the cameras their access covers; anyone else does not see the camera.
 */
export function decide(
  role: AccountRole | undefined,
  caller: Caller,
  action: CameraAction,
  uidd?: string,
): AccessDecision {
  if (!role) return 'hidden';
  const read = READ_ACTIONS.has(action);
  const allow = (): AccessDecision => (caller.demo && !read ? 'demo' : 'allow');
  if (role.kind === 'owner') return allow();
  if (role.kind === 'support') {
    if (action === 'view') return 'allow';
    if (SUPPORT_VIDEO.has(action)) return role.consent ? 'allow' : 'consent';
    return 'forbidden';
  }
  // The account's installer (decision 0720): sees the cameras and their status, installs and removes them.
  if (role.kind === 'installer') return action === 'view' || action === 'install' ? allow() : 'forbidden';
  // The free partner demo (decision 0721): an installer or distributor sees the demo's cameras and watches them live.
  if (role.kind === 'partnerDemo') return action === 'view' || action === 'viewLive' ? allow() : 'forbidden';
  if (uidd !== undefined && role.cameraScope === 'selected' && !role.cameras.has(uidd)) return 'hidden';
  if (role.level === 'none') return 'hidden';
  if (action === 'view') return allow();
  return levelAllows(role.level, LEVEL_ACTION[action]) ? allow() : 'forbidden';
}

/** What the caller is to the account, for the camera list's `permission` (decision 0405). */
function roleName(role: AccountRole): CameraPermission['role'] {
  return role.kind === 'member' ? role.level : role.kind;
}

/**
 * The caller's permission on one camera: every action `decide` lets through. A demo session's refused changes
 * stay listed: the demo shows them and answers with its "restricted" message (spec 000 §6).
 */
export function permissionOf(role: AccountRole | undefined, caller: Caller, uidd: string): CameraPermission {
  if (!role) return { role: 'none', actions: [] };
  const actions = CAMERA_ACTIONS.filter((a) => {
    const d = decide(role, caller, a, uidd);
    return d === 'allow' || d === 'demo';
  });
  return { role: roleName(role), actions };
}

const demoRestricted = () =>
  new HttpError(403, 'demo_restricted', 'Demo account: you cannot change settings');
const cameraNotFound = () => notFound('Camera not found');
const CONSENT_MESSAGE = "Support needs the account owner's consent to see this camera's pictures and video";
export const consentRequired = () => new HttpError(403, 'support_consent_required', CONSENT_MESSAGE);

function raise(decision: Exclude<AccessDecision, 'allow'>, subject: 'camera' | 'account'): never {
  if (decision === 'demo') throw demoRestricted();
  if (decision === 'consent') throw consentRequired();
  if (decision === 'forbidden') throw forbidden(`You may not do this to this ${subject}`);
  throw subject === 'camera' ? cameraNotFound() : notFound('Account not found');
}

/** A camera refused in a batch: the per-camera error of a batch answer, and the decision behind it. */
export type Refusal = CameraQueryError & { decision: Exclude<AccessDecision, 'allow'> };

function refusal(uidd: string, decision: Exclude<AccessDecision, 'allow'>): Refusal {
  switch (decision) {
    case 'hidden':
      return { uidd, decision, code: 'not_found', error: 'Camera not found' };
    case 'demo':
      return { uidd, decision, code: 'demo_restricted', error: 'Demo account: you cannot change settings' };
    case 'forbidden':
      return { uidd, decision, code: 'forbidden', error: 'You may not do this to this camera' };
    case 'consent':
      return { uidd, decision, code: 'support_consent_required', error: CONSENT_MESSAGE };
  }
}

export class CameraAccess {
  readonly #cameras: CameraRows;
  readonly #accounts: AccountAccess;
  readonly #supportViews: SupportViewSink | undefined;
  constructor(cameras: CameraRows, accounts: AccountAccess, supportViews?: SupportViewSink) {
    this.#cameras = cameras;
    this.#accounts = accounts;
    this.#supportViews = supportViews;
  }

  async #decide(
    caller: Caller,
    ownerUid: string,
    action: CameraAction,
    uidd?: string,
  ): Promise<AccessDecision> {
    return decide(await this.#accounts.roleOn(caller, ownerUid), caller, action, uidd);
  }

  /**
   * The camera, if the caller may do `action` to it; else 404 (not visible) or 403. Support's live or recorded
   * video is written in the owner's audit log before it is served (decision 0017).
   */
  async require(caller: Caller, uidd: string, action: CameraAction): Promise<CameraRow> {
    const row = await this.#cameras.find(uidd);
    if (!row) throw cameraNotFound();
    const role = await this.#accounts.roleOn(caller, row.owner_uid);
    const d = decide(role, caller, action, row.uidd);
    if (d !== 'allow') raise(d, 'camera');
    const kind = SUPPORT_VIDEO.get(action);
    if (role?.kind === 'support' && kind) await this.#supportViewed(caller, row, kind);
    return row;
  }

  /**
   * The camera, if the caller may see its latest pictures (thumbnail, still): anyone who sees the camera, except
   * support, who needs the owner's active consent (403 support_consent_required); support's look is audited.
   */
  async requirePictures(caller: Caller, uidd: string, kind: 'thumb' | 'still'): Promise<CameraRow> {
    const row = await this.#cameras.find(uidd);
    if (!row) throw cameraNotFound();
    const role = await this.#accounts.roleOn(caller, row.owner_uid);
    const d = decide(role, caller, 'view', row.uidd);
    if (d !== 'allow') raise(d, 'camera');
    if (role?.kind === 'installer') raise('forbidden', 'camera');
    if (role?.kind === 'support') {
      if (!role.consent) throw consentRequired();
      await this.#supportViewed(caller, row, kind);
    }
    return row;
  }

  async #supportViewed(caller: Caller, row: CameraRow, kind: SupportViewKind): Promise<void> {
    await this.#supportViews?.viewed({
      supportUid: caller.uid,
      ownerUid: row.owner_uid,
      uidd: row.uidd,
      cameraName: row.name,
      kind,
    });
  }

  /** All or nothing: every camera, or the first refusal (404 for any camera the caller may not see). */
  async requireAll(caller: Caller, uidds: readonly string[], action: CameraAction): Promise<CameraRow[]> {
    const { allowed, refused } = await this.partition(caller, uidds, action);
    const first = refused[0];
    if (first) raise(first.decision, 'camera');
    return allowed;
  }

  /**
   * Splits uidds into the cameras the caller may act on and the refusals, for batch reads that answer per camera
   * (status, viewer settings). A camera the caller may not see is refused exactly like one that does not exist.
   */
  async partition(
    caller: Caller,
    uidds: readonly string[],
    action: CameraAction,
  ): Promise<{ allowed: CameraRow[]; refused: Refusal[] }> {
    const rows = new Map((await this.#cameras.findMany(uidds)).map((r) => [r.uidd, r]));
    const roles = new Map<string, AccountRole | undefined>();
    const allowed: CameraRow[] = [];
    const refused: Refusal[] = [];
    for (const uidd of uidds) {
      const row = rows.get(uidd);
      if (row && !roles.has(row.owner_uid))
        roles.set(row.owner_uid, await this.#accounts.roleOn(caller, row.owner_uid));
      const d: AccessDecision = row ? decide(roles.get(row.owner_uid), caller, action, row.uidd) : 'hidden';
      if (row && d === 'allow') allowed.push(row);
      else refused.push(refusal(uidd, d === 'allow' ? 'hidden' : d));
    }
    return { allowed, refused };
  }

  /** Account-level actions (install a camera for an account, uninstall all of its cameras, list them). */
  async requireOnAccount(caller: Caller, ownerUid: string, action: CameraAction): Promise<void> {
    const d = await this.#decide(caller, ownerUid, action);
    if (d !== 'allow') raise(d, 'account');
  }

  async mayOnAccount(caller: Caller, ownerUid: string, action: CameraAction): Promise<boolean> {
    return (await this.#decide(caller, ownerUid, action)) === 'allow';
  }

  /** Whether the caller may do `action` to a camera already loaded (e.g. to decide what to include in an answer). */
  async may(
    caller: Caller,
    row: Pick<CameraRow, 'owner_uid' | 'uidd'>,
    action: CameraAction,
  ): Promise<boolean> {
    return (await this.#decide(caller, row.owner_uid, action, row.uidd)) === 'allow';
  }

  /**
   * Cameras the caller may `view`, filtered by uidds and/or owners; when neither is given, those of every account
   * the caller opens: their own and each they are an additional user of (decision 0405).
   */
  async listVisible(
    caller: Caller,
    filter: { uidds?: readonly Uidd[] | undefined; owners?: readonly string[] | undefined },
  ): Promise<CameraRow[]> {
    let rows: CameraRow[];
    if (filter.uidds) {
      rows = await this.#cameras.findMany(filter.uidds);
      if (filter.owners) {
        const owners = new Set(filter.owners);
        rows = rows.filter((r) => owners.has(r.owner_uid));
      }
    } else {
      const owners: string[] = [];
      for (const o of filter.owners ?? (await this.#accounts.accountsOf(caller)))
        if (await this.mayOnAccount(caller, o, 'view')) owners.push(o);
      rows = owners.length > 0 ? await this.#cameras.listByOwners(owners) : [];
    }
    return this.filter(caller, rows, 'view');
  }

  async permissionOn(caller: Caller, row: Pick<CameraRow, 'owner_uid' | 'uidd'>): Promise<CameraPermission> {
    return permissionOf(await this.#accounts.roleOn(caller, row.owner_uid), caller, row.uidd);
  }

  /** The caller's permission on each camera, reading each account's role once. */
  async permissions(caller: Caller, rows: readonly CameraRow[]): Promise<Map<string, CameraPermission>> {
    const roles = new Map<string, AccountRole | undefined>();
    const result = new Map<string, CameraPermission>();
    for (const r of rows) {
      if (!roles.has(r.owner_uid)) roles.set(r.owner_uid, await this.#accounts.roleOn(caller, r.owner_uid));
      result.set(r.uidd, permissionOf(roles.get(r.owner_uid), caller, r.uidd));
    }
    return result;
  }

  /** The rows the caller may do `action` to, in order. */
  async filter(caller: Caller, rows: CameraRow[], action: CameraAction): Promise<CameraRow[]> {
    const keep: CameraRow[] = [];
    for (const r of rows) if (await this.may(caller, r, action)) keep.push(r);
    return keep;
  }
}
