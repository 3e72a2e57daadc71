import type {
  Camera,
  CameraStatusResponse,
  CamerasQuery,
  CameraTagsResult,
  PutCameraTagsBody,
  SendCameraTaskQuery,
  SendCameraTaskResult,
  Uidd,
} from '@vigil/contracts';
import { epochMs, type LiveStream, type PtzDirection, type Uid } from '@vigil/contracts';
import { toBool } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess, CameraAction } from '../access/camera-access.ts';
import type { CameraDirectory } from './camera-directory.ts';
import { toCamera, toCameraStatus } from './camera-mapper.ts';
import type { CameraRow, CamerasRepository } from './cameras-repository.ts';
import { OnvifError } from './onvif/client.ts';
import type { CameraPtzControl } from './ptz.ts';
import { ptzHttpError } from './ptz-errors.ts';
import type { CameraStatusProvider, CameraStatusReport } from './status-provider.ts';
import { type CameraTaskIntent, type CameraTasks, intentOf } from './tasks.ts';

export interface CamerasServiceDeps {
  cameras: CamerasRepository;
  access: CameraAccess;
  status: CameraStatusProvider;
  tasks: CameraTasks;
  ptz: CameraPtzControl;
  directory: CameraDirectory;
  /**
   * The live address of a camera stream on its logger host when that is another recorder of the deployment
   * (features/media-hosts, decision 0601); undefined: this server's own path, as the recorder answered.
   */
  liveUrl?: ((logger: string, uidd: Uidd, stream: LiveStream) => Promise<string | undefined>) | undefined;
  log: FastifyBaseLogger;
  now: () => number;
}

/** The access action each task needs (docs/decisions/0303). */
function actionFor(intent: CameraTaskIntent): CameraAction {
  switch (intent.kind) {
    case 'live':
      return 'viewLive';
    case 'thumbs':
    case 'getconfig':
      return 'view';
    case 'ptz':
      return 'ptz';
    case 'uninstall':
      return 'install';
  }
}

/** Listing, status, tasks, renaming, removing and tagging cameras. */
export class CamerasService {
  readonly #d: CamerasServiceDeps;
  constructor(deps: CamerasServiceDeps) {
    this.#d = deps;
  }

  async list(caller: Caller, q: CamerasQuery): Promise<Camera[]> {
    const rows = await this.#d.access.listVisible(caller, q);
    return this.#toCameras(caller, rows);
  }

  async #toCameras(caller: Caller, rows: CameraRow[]): Promise<Camera[]> {
    const tags = await this.#d.cameras.tagsOf(rows.map((r) => r.uidd));
    const withStreams = new Set(
      (await this.#d.access.filter(caller, rows, 'cameraSettings')).map((r) => r.uidd),
    );
    const permissions = await this.#d.access.permissions(caller, rows);
    return rows.map((r) =>
      toCamera(r, tags.get(r.uidd) ?? [], {
        includeStreams: withStreams.has(r.uidd),
        permission: permissions.get(r.uidd) ?? { role: 'none', actions: [] },
      }),
    );
  }

  /**
   * Statuses of the cameras asked for. Unknown cameras and those the caller may not see are answered alike in
   * `errors`; when the provider fails, every camera is offline and listed in `errors` too.
   */
  async statuses(caller: Caller, uidds: readonly Uidd[]): Promise<CameraStatusResponse> {
    const { allowed, refused } = await this.#d.access.partition(caller, uidds, 'view');
    const errors: CameraStatusResponse['errors'] = refused.map(({ uidd, code, error }) => ({
      uidd,
      code,
      error,
    }));
    let reports: ReadonlyMap<Uidd, CameraStatusReport> = new Map();
    if (allowed.length > 0) {
      try {
        reports = await this.#d.status.statuses(allowed.map((r) => r.uidd as Uidd));
      } catch (err) {
        this.#d.log.warn({ err }, 'camera status provider failed');
        for (const r of allowed)
          if (!toBool(r.uninstalled))
            errors.push({ uidd: r.uidd, code: 'status_unavailable', error: 'Status unavailable' });
      }
    }
    const devices = allowed.map((r) => toCameraStatus(r, reports.get(r.uidd as Uidd)));
    return { result: { devices }, errors };
  }

  async sendTask(caller: Caller, q: SendCameraTaskQuery): Promise<SendCameraTaskResult> {
    const intent = intentOf(q.action);
    const action = actionFor(intent);
    let rows: CameraRow[];
    if (q.action === 'uninstall_all') {
      rows = await this.#uninstallAllTargets(caller, q.uid);
    } else {
      if (!q.uid.includes('.')) throw badRequest(`query.uid: ${q.action} needs a camera id (owner.deviceId)`);
      rows = [await this.#d.access.require(caller, q.uid, action)];
    }
    const row = rows[0];
    if (intent.kind === 'ptz' && row && !toBool(row.ptz_enabled))
      throw new HttpError(400, 'ptz_unsupported', 'This camera does not support pan, tilt and zoom');
    if (intent.kind !== 'uninstall' && intent.kind !== 'getconfig' && row && toBool(row.uninstalled))
      throw new HttpError(409, 'camera_uninstalled', 'This camera is uninstalled');

    const now = this.#d.now();
    if (intent.kind === 'uninstall') {
      // Recorded first, so status polling answers 'uninstalled' whatever the recorder does next.
      const pending = rows.filter((r) => !toBool(r.uninstalled));
      await this.#d.cameras.markUninstalled(
        pending.map((r) => r.uidd),
        now,
      );
      for (const r of pending) this.#d.tasks.cameraChanged({ uidd: r.uidd as Uidd, kind: 'uninstalled' });
    }

    const data: Record<string, unknown> = {};
    // The camera moves before the recorder hears of it: a move that fails is an error, not a task.
    if (intent.kind === 'ptz' && row) Object.assign(data, await this.#ptz(row, intent.direction));
    for (const r of rows) {
      const reply = await this.#d.tasks.run({
        uidd: r.uidd as Uidd,
        action: q.action,
        intent,
        by: caller.uid as Uid,
        at: epochMs(now),
      });
      if (rows.length === 1) Object.assign(data, reply.data);
    }
    if (intent.kind === 'live' && row) await this.#routeLive(row, intent.stream, data);
    this.#d.log.info({ uidds: rows.map((r) => r.uidd), action: q.action }, 'camera task');
    return {
      success: true,
      action: q.action,
      uidds: rows.map((r) => r.uidd as Uidd),
      // getconfig: the stored configuration, with whatever the recorder read from the camera on top.
      data: intent.kind === 'getconfig' && row ? { ...configOf(row), ...data } : data,
    };
  }

  /**
   * livecommand: a camera recorded by another host is watched there (decision 0601, spec 001 §7 "a camera's logger
   * host"): `url` is that host's absolute live address, whichever process carried the task out.
   */
  async #routeLive(row: CameraRow, wanted: string, data: Record<string, unknown>): Promise<void> {
    const stream: LiveStream =
      data.stream === 'sd' || (data.stream === undefined && wanted === 'sd') ? 'sd' : 'main';
    const url = await this.#d.liveUrl?.(row.logger, row.uidd as Uidd, stream);
    if (url) Object.assign(data, { url, stream });
  }

  /** One PTZ step over ONVIF (docs/decisions/0307); the camera's answer mapped to the API's errors. */
  async #ptz(row: CameraRow, direction: PtzDirection): Promise<Record<string, unknown>> {
    try {
      return await this.#d.ptz.move(row.uidd, this.#d.directory.onvifTarget(row), direction);
    } catch (err) {
      if (!(err instanceof OnvifError)) throw err;
      this.#d.log.info({ uidd: row.uidd, direction, kind: err.kind, detail: err.message }, 'PTZ failed');
      throw ptzHttpError(err);
    }
  }

  /** uninstall_all: every installed camera of an owner (uid), or of the owner of a camera (uidd). */
  async #uninstallAllTargets(caller: Caller, uid: string): Promise<CameraRow[]> {
    const owner = uid.includes('.') ? (await this.#d.access.require(caller, uid, 'install')).owner_uid : uid;
    await this.#d.access.requireOnAccount(caller, owner, 'install');
    return this.#d.access.filter(caller, await this.#d.cameras.listByOwners([owner]), 'install');
  }

  async rename(caller: Caller, uidd: Uidd, name: string): Promise<Camera> {
    const row = await this.#d.access.require(caller, uidd, 'rename');
    await this.#d.cameras.rename(uidd, name, this.#d.now());
    this.#d.tasks.cameraChanged({ uidd, kind: 'updated' });
    const [camera] = await this.#toCameras(caller, [{ ...row, name }]);
    return camera!;
  }

  /** GET /deldevice: removes the camera, its tags and viewer settings; the recorder stops and drops it. */
  async remove(caller: Caller, uidd: Uidd): Promise<{ success: true; uidd: Uidd }> {
    await this.#d.access.require(caller, uidd, 'install');
    await this.#d.cameras.delete(uidd);
    this.#d.tasks.cameraChanged({ uidd, kind: 'deleted' });
    this.#d.log.info({ uidd }, 'camera deleted');
    return { success: true, uidd };
  }

  async tags(caller: Caller, uidds: readonly Uidd[] | undefined): Promise<CameraTagsResult> {
    const rows = uidds
      ? (await this.#d.access.partition(caller, uidds, 'view')).allowed
      : await this.#d.access.listVisible(caller, {});
    const tags = await this.#d.cameras.tagsOf(rows.map((r) => r.uidd));
    const cameras = rows.map((r) => ({ uidd: r.uidd as Uidd, tags: tags.get(r.uidd) ?? [] }));
    const all = [...new Set(cameras.flatMap((c) => c.tags))].sort((a, b) => a.localeCompare(b));
    return { cameras, tags: all };
  }

  /** All or nothing: every camera listed must be one the caller may change. */
  async putTags(caller: Caller, body: PutCameraTagsBody): Promise<CameraTagsResult> {
    await this.#d.access.requireAll(caller, body.uidd, 'cameraSettings');
    await this.#d.cameras.replaceTags(body.changes, this.#d.now());
    for (const c of body.changes) this.#d.tasks.cameraChanged({ uidd: c.uidd, kind: 'updated' });
    return this.tags(caller, body.uidd);
  }
}

/** getconfig: the camera's recording configuration as stored (no stream addresses, no credentials). */
function configOf(r: CameraRow): Record<string, unknown> {
  return {
    cloudRecordingEnabled: toBool(r.cloud_recording_enabled),
    recordingMode: r.recording_mode,
    motionSensitivity: r.motion_sensitivity,
    cloudStorageDuration: r.cloud_storage_days,
    videoCodec: r.video_codec,
    recordingResolution: r.recording_resolution,
    // The recording resolution chosen and the stream it records (decision 0701), the analytics switch.
    nvrmode: r.nvr_mode ?? null,
    recordedStream: r.recorded_stream === 'sd' ? 'sd' : 'main',
    analyticsEnabled: toBool(r.analytics_enabled),
    analyticsScheme: r.analytics_scheme,
    timezoneName: r.timezone_name,
    ptzEnabled: toBool(r.ptz_enabled),
    audioEnabled: toBool(r.audio_enabled),
    mainstreamLive: toBool(r.mainstream_live),
    hasSdStream: r.sd_stream_url !== null,
  };
}
