import {
  CAMERA_ACCESS_DEFAULT,
  type Camera,
  type CameraUrl,
  DEFAULT_STORAGE_DAYS,
  type ErrorCode,
  formatCameraUrl,
  type InstallCameraBody,
  installAddresses,
  MOTION_SENSITIVITY_DEFAULT,
  type Uidd,
  uiddOf,
} from '@vigil/contracts';
import { fromBool } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import { checkCameraHost, type Resolver } from './address-policy.ts';
import { resolutionOf, toCamera } from './camera-mapper.ts';
import type { CameraRow, CamerasRepository } from './cameras-repository.ts';
import type { CameraCredentials, CredentialCipher } from './credentials.ts';
import type { CameraProbe, InstallErrorKind, ProbeInfo } from './probe.ts';
import { type CameraPtzControl, ONVIF_DEFAULT_PORT } from './ptz.ts';
import type { CameraSpeaker } from './rtsp/speaker.ts';
import { storedStreamIdentity, streamIdentity } from './stream-identity.ts';
import type { CameraTasks } from './tasks.ts';

export interface InstallDeps {
  /** Throws unless the account's e-mail address is confirmed (auth feature, decision 0009). */
  requireVerifiedEmail: (uid: string) => Promise<void>;
  /** Throws unless the account's licences let one more camera record to the cloud (features/licences, 0700). */
  requireCloudSlot?: (owner: string) => Promise<void>;
  cameras: CamerasRepository;
  organisations: Pick<UserDirectory, 'organisationsOf'>;
  access: CameraAccess;
  probe: CameraProbe;
  ptz: CameraPtzControl;
  /** Whether the stream offers a speaker (RTSP back-channel, decision 0709); none: never asked. */
  speaker?: Pick<CameraSpeaker, 'detect'>;
  cipher: CredentialCipher;
  tasks: CameraTasks;
  log: FastifyBaseLogger;
  now: () => number;
  newDeviceId: () => string;
  allowPrivateAddresses: boolean;
  probeTimeoutMs: number;
  /** Base URL of the recorder ("logger") host new cameras are assigned to, and of the live host. */
  loggerUrl: string;
  liveUrl: string;
  resolve?: Resolver;
  /** A camera installed on an account by someone other than its owner (its installer): for the owner's audit log. */
  onInstalledForOwner?: (e: { caller: Caller; owner: string; uidd: string; name: string }) => Promise<void>;
}

const INSTALL_ERROR: Record<
  InstallErrorKind,
  { code: ErrorCode; message: (detail: string, sec: number) => string }
> = {
  unreachable: { code: 'install_unreachable', message: (d) => `The camera cannot be reached: ${d}` },
  missing_credentials: {
    code: 'install_missing_credentials',
    message: () => 'The camera asks for a user name and password',
  },
  unauthorised: { code: 'install_unauthorised', message: (d) => `The camera refused access: ${d}` },
  connection_timeout: {
    code: 'install_connection_timeout',
    message: (_, sec) => `The camera did not answer within ${sec} seconds`,
  },
  unsupported_codec: { code: 'install_unsupported_codec', message: (d) => `Unsupported camera video: ${d}` },
};

/**
 * What a caller is told of any unreachable camera when private addresses are refused (a multi-tenant server,
 * decision 0016): "refused", "no RTSP there", "no route" and "no such host" would tell open ports from closed
 * ones on hosts the user cannot otherwise see. The log keeps the detail.
 */
const UNREACHABLE_ONE_ANSWER =
  'The camera cannot be reached: check its address, port and path, and that it accepts RTSP connections from the internet';

/**
 * Adding a camera (POST /cameras): validate the address (the contract's rules, then the address policy on every
 * resolved address), probe it with ffprobe, and store it with its credentials encrypted. Nothing with a
 * credential in it is logged or answered.
 */
export class InstallService {
  readonly #d: InstallDeps;
  constructor(deps: InstallDeps) {
    this.#d = deps;
  }

  async install(caller: Caller, body: InstallCameraBody): Promise<Camera> {
    const d = this.#d;
    const owner = body.owner ?? caller.uid;
    await d.access.requireOnAccount(caller, owner, 'install');
    await d.requireVerifiedEmail(owner);
    // An installed camera records to the cloud at once: the licences' count is checked before anything else.
    await d.requireCloudSlot?.(owner);

    const { main: mainResult, sd: sdResult } = installAddresses(body);
    // The body schema ran the same parser, so these hold; the check keeps the types honest.
    if (!mainResult.ok) throw badRequest(`url: ${mainResult.problem}`);
    if (sdResult && !sdResult.ok) throw badRequest(`sdUrl: ${sdResult.problem}`);
    const main = mainResult.value;
    const sd = sdResult?.value;
    const field = body.url !== undefined ? 'url' : 'ip';
    await this.#checkHost(field, main);
    if (sd) await this.#checkHost('sdUrl', sd);

    const streamUrl = formatCameraUrl(main);
    await this.#refuseDuplicate(owner, main);

    const [mainInfo, onvif, , speaker] = await Promise.all([
      this.#probe(main, ''),
      this.#detectPtz(body, main),
      sd ? this.#probe(sd, 'SD stream: ') : undefined,
      this.#d.speaker?.detect(formatCameraUrl(main, { withCredentials: true })) ?? false,
    ]);
    const row = {
      ...(await this.#newRow(owner, body, main, sd, mainInfo)),
      talkback_enabled: fromBool(speaker),
      // The user's choice wins; without one, PTZ is what the camera's ONVIF answered (docs/decisions/0307).
      ptz_enabled: fromBool(body.ptzEnabled ?? onvif),
      onvif_port: onvif || body.onvifPort !== undefined ? (body.onvifPort ?? ONVIF_DEFAULT_PORT) : null,
    };
    await d.cameras.insert(row);
    d.tasks.cameraChanged({ uidd: row.uidd as Uidd, kind: 'installed' });
    d.log.info({ uidd: row.uidd, owner, stream: streamUrl, codec: mainInfo.videoCodec }, 'camera installed');
    if (owner !== caller.uid)
      await d.onInstalledForOwner?.({ caller, owner, uidd: row.uidd, name: row.name });
    return toCamera(row, [], {
      includeStreams: true,
      permission: await this.#d.access.permissionOn(caller, row),
    });
  }

  /**
   * Whether the camera answers ONVIF with a PTZ profile, on the stream's host and the given port (80 by default),
   * with the main stream's credentials; in parallel with the probe, never failing the install. Not asked when the
   * user said the camera has no PTZ.
   */
  async #detectPtz(body: InstallCameraBody, main: CameraUrl): Promise<boolean> {
    if (body.ptzEnabled === false) return false;
    const found = await this.#d.ptz.detect({
      host: main.host,
      port: body.onvifPort ?? ONVIF_DEFAULT_PORT,
      ...(main.username !== undefined
        ? { credentials: { username: main.username, password: main.password ?? '' } }
        : {}),
    });
    this.#d.log.info({ stream: formatCameraUrl(main), onvifPtz: found }, 'camera ONVIF PTZ detection');
    return found;
  }

  /** One account reads a stream once, however its address is spelt (decision 0308). */
  async #refuseDuplicate(owner: string, main: CameraUrl): Promise<void> {
    const wanted = streamIdentity(main);
    const same = (await this.#d.cameras.installedStreams(owner)).find(
      (c) => storedStreamIdentity(c.stream_url) === wanted,
    );
    if (same) throw conflict(`This camera is already installed as “${same.name}”`, 'camera_exists');
  }

  async #checkHost(field: string, u: CameraUrl): Promise<void> {
    const check = await checkCameraHost(u.host, {
      allowPrivate: this.#d.allowPrivateAddresses,
      resolve: this.#d.resolve,
    });
    if (check.ok) return;
    if (check.reason === 'not_allowed')
      throw new HttpError(400, 'camera_address_not_allowed', `${field}: ${check.message}`);
    if (!this.#d.allowPrivateAddresses) {
      this.#d.log.info({ host: u.host, detail: check.message }, 'camera host not resolved');
      throw new HttpError(422, 'install_unreachable', UNREACHABLE_ONE_ANSWER);
    }
    throw new HttpError(422, 'install_unreachable', `The camera cannot be reached: ${check.message}`);
  }

  async #probe(u: CameraUrl, label: string): Promise<ProbeInfo> {
    const d = this.#d;
    const hasCredentials = u.username !== undefined;
    const outcome = await d.probe.probe({
      url: formatCameraUrl(u, { withCredentials: true }),
      hasCredentials,
      secrets: [u.username, u.password].filter((s): s is string => s !== undefined),
    });
    if (outcome.ok) return outcome.info;
    const e = INSTALL_ERROR[outcome.kind];
    d.log.info(
      { stream: formatCameraUrl(u), kind: outcome.kind, detail: outcome.detail },
      'camera probe failed',
    );
    if (outcome.kind === 'unreachable' && !d.allowPrivateAddresses)
      throw new HttpError(422, e.code, label + UNREACHABLE_ONE_ANSWER);
    throw new HttpError(422, e.code, label + e.message(outcome.detail, Math.round(d.probeTimeoutMs / 1000)));
  }

  async #newRow(
    owner: string,
    body: InstallCameraBody,
    main: CameraUrl,
    sd: CameraUrl | undefined,
    info: ProbeInfo,
  ): Promise<CameraRow> {
    const d = this.#d;
    const now = d.now();
    const deviceId = d.newDeviceId();
    const uidd = uiddOf(owner, deviceId);
    const credentials: CameraCredentials = {
      main: main.username !== undefined ? { username: main.username, password: main.password } : null,
      sd: sd?.username !== undefined ? { username: sd.username, password: sd.password } : null,
    };
    const encrypted = credentials.main || credentials.sd ? d.cipher.encrypt(uidd, credentials) : undefined;
    const org = (await d.organisations.organisationsOf(owner))[0];
    const count = await d.cameras.countByOwner(owner);
    return {
      uidd,
      owner_uid: owner,
      device_id: deviceId,
      name: body.name ?? `Camera ${count + 1}`,
      model: body.model || 'RTSP camera',
      logger: d.loggerUrl,
      last_logger: now,
      recorded_stream_name: uidd,
      mac_address: null,
      cam_id: deviceId,
      timezone_name: body.timezoneName ?? 'UTC',
      cloud_recording_enabled: 1,
      recording_mode: body.recordingMode ?? 'continuous',
      ptz_enabled: fromBool(body.ptzEnabled ?? false),
      talkback_enabled: 0,
      audio_enabled: fromBool(info.audioCodec !== null),
      analytics_enabled: 0,
      analytics_scheme: null,
      // Live view uses the SD stream when there is one, unless the user asks for the main stream.
      mainstream_live: fromBool(sd === undefined),
      recording_resolution: resolutionOf(info.width, info.height),
      wowza: d.liveUrl,
      sd_wowza: sd ? d.liveUrl : null,
      cloud_adapter_id: null,
      cloud_adapter_version: null,
      local_live_id: null,
      access: CAMERA_ACCESS_DEFAULT,
      video_codec: info.videoCodec,
      video_width: info.width,
      video_height: info.height,
      frame_rate: info.frameRate,
      audio_codec: info.audioCodec,
      stream_url: formatCameraUrl(main),
      sd_stream_url: sd ? formatCameraUrl(sd) : null,
      credentials_enc: encrypted?.ciphertext ?? null,
      credentials_key_id: encrypted?.keyId ?? null,
      cloud_storage_days:
        org && org.cloud_storage_duration > 0 ? org.cloud_storage_duration : DEFAULT_STORAGE_DAYS,
      motion_sensitivity: body.motionSensitivity ?? MOTION_SENSITIVITY_DEFAULT,
      uninstalled: 0,
      uninstalled_at: null,
      created_at: now,
      updated_at: now,
    };
  }
}
