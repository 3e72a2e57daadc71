import { z } from 'zod';
import { hasControlCharacters } from './camera-url.ts';
import { DeviceId, epochMs, Uid, Uidd } from './ids.ts';
import { CAMERA_ACTIONS, PERMISSION_LEVELS } from './permissions.ts';

/** Cameras and their status: the calls of spec 001 §7 "Cameras and status" and the entities of §3. */

export const CameraStatusValue = z.enum(['online', 'offline', 'uninstalled']);
export type CameraStatusValue = z.infer<typeof CameraStatusValue>;

export const RecordingMode = z.enum(['continuous', 'rom']);
export type RecordingMode = z.infer<typeof RecordingMode>;

export const VideoCodec = z.enum(['h264', 'h265']);
export type VideoCodec = z.infer<typeof VideoCodec>;

/**
 * The class of a camera's recorded picture: the spec's codes (SD, 2MP, 4MP, 8MP: 001 §5 nvrmode, §9 plans) and 1MP
 * for HD 720p cameras, as cameras are sold (decision 0309).
 */
export const RecordingResolution = z.enum(['SD', '1MP', '2MP', '4MP', '8MP']);
export type RecordingResolution = z.infer<typeof RecordingResolution>;

const epochMsOrNull = z
  .number()
  .nullable()
  .transform((v) => (v === null ? null : epochMs(v)));

/**
 * Ours (decision 0405): what the caller is to the camera's account and what they may do to this camera, as the
 * server decides it, so every screen shows exactly the actions the server would serve.
 */
export const CameraPermission = z.object({
  role: z.enum(['owner', 'support', 'installer', 'partnerDemo', ...PERMISSION_LEVELS]),
  actions: z.array(z.enum(CAMERA_ACTIONS)),
});
export type CameraPermission = z.infer<typeof CameraPermission>;

/** The camera entity of spec 001 §3, every field, plus the few of ours listed after `lastLogger`. */
export const Camera = z.object({
  logger: z.string(),
  uidd: Uidd,
  owner: Uid,
  deviceId: DeviceId,
  model: z.string(),
  name: z.string(),
  recordedStreamName: z.string(),
  macAddress: z.string().nullable(),
  camId: z.string(),
  timezoneName: z.string(),
  cloudRecordingEnabled: z.boolean(),
  romEnabled: z.boolean(),
  ptzEnabled: z.boolean(),
  talkbackEnabled: z.boolean(),
  audioEnabled: z.boolean(),
  analyticsEnabled: z.boolean(),
  mainstreamLive: z.boolean(),
  analyticsScheme: z.string().nullable(),
  recordingResolution: RecordingResolution,
  wowza: z.string().nullable(),
  sdWowza: z.string().nullable(),
  cloudAdapterId: z.string().nullable(),
  cloudAdapterVersion: z.string().nullable(),
  localLiveHost: z.string().nullable(),
  localLiveId: z.string().nullable(),
  /** Default 'a'; other values not shown in the spec. */
  access: z.string(),
  tags: z.array(z.string()),
  videoCodec: VideoCodec,
  /** When the camera last changed logger (recorder) host, epoch ms. */
  lastLogger: epochMsOrNull,
  // Ours: what the recorder and the settings screens need.
  recordingMode: RecordingMode,
  cloudStorageDuration: z.number().int(),
  motionSensitivity: z.number().int(),
  hasSdStream: z.boolean(),
  video: z.object({
    width: z.number().nullable(),
    height: z.number().nullable(),
    frameRate: z.number().nullable(),
    audioCodec: z.string().nullable(),
  }),
  /** The stream addresses without credentials; only for callers who may change the camera's settings. */
  streams: z.object({ main: z.string(), sd: z.string().nullable(), hasCredentials: z.boolean() }).optional(),
  uninstalled: z.boolean(),
  uninstalledAt: epochMsOrNull,
  createdAt: z.number().transform(epochMs),
  permission: CameraPermission,
});
export type Camera = z.infer<typeof Camera>;

/** The camera status of spec 001 §3. Times are epoch milliseconds (the spec's seconds, converted on the server). */
export const CameraStatus = z.object({
  uidd: Uidd,
  deviceId: DeviceId,
  status: CameraStatusValue,
  lastThumbTime: epochMsOrNull,
  lastActivity: epochMsOrNull,
  lastStill: epochMsOrNull,
  liveStreaming: z.boolean(),
  localLiveStreaming: z.boolean(),
  liveStreamName: z.string().nullable(),
  sdLiveStreaming: z.boolean(),
  sdLiveStreamName: z.string().nullable(),
  wowza: z.string().nullable(),
  sdWowza: z.string().nullable(),
  /** Ours: why a camera is offline when the recorder knows (e.g. 'video unsupported'), else null. */
  problem: z.string().nullable(),
});
export type CameraStatus = z.infer<typeof CameraStatus>;

/** A uidd the status query could not answer for; the web app treats such a camera as offline (spec 001 §4). */
export const CameraQueryError = z.object({ uidd: z.string(), code: z.string(), error: z.string() });
export type CameraQueryError = z.infer<typeof CameraQueryError>;

export const CameraStatusResponse = z.object({
  result: z.object({ devices: z.array(CameraStatus) }),
  errors: z.array(CameraQueryError),
});
export type CameraStatusResponse = z.infer<typeof CameraStatusResponse>;

// ---- Query helpers ----------------------------------------------------------------------------------------

/** The most uidds one query may carry (the 1800-character URL limit allows far fewer; this bounds abuse). */
export const MAX_UIDDS_PER_QUERY = 500;

/** A list parameter given repeated (`uidd=a&uidd=b`), comma-joined (`uidd=a,b`), or both. */
export const listParam = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `at most ${max} values`));

export const uiddList = listParam(Uidd, MAX_UIDDS_PER_QUERY);
export const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];

/**
 * GET /cameras: uidd and owner filters (each a list); neither means every camera the caller may see: their own and
 * those of every account they are an additional user of (decision 0405).
 */
export const CamerasQuery = z
  .strictObject({
    uidd: uiddList.optional(),
    'uidd[]': uiddList.optional(),
    owner: listParam(Uid, 100).optional(),
  })
  .transform((q) => ({
    uidds: q.uidd || q['uidd[]'] ? uniq([...(q.uidd ?? []), ...(q['uidd[]'] ?? [])]) : undefined,
    owners: q.owner ? uniq(q.owner) : undefined,
  }));
export type CamerasQuery = z.output<typeof CamerasQuery>;

/** A list of uidds given as `uidd[]` (the spec's form for the status query) or `uidd`. */
export const UiddListQuery = z
  .strictObject({ uidd: uiddList.optional(), 'uidd[]': uiddList.optional() })
  .transform((q) => ({ uidds: uniq([...(q.uidd ?? []), ...(q['uidd[]'] ?? [])]) }));
export type UiddListQuery = z.output<typeof UiddListQuery>;

// ---- Camera tasks -----------------------------------------------------------------------------------------

export const PTZ_DIRECTIONS = [
  'up',
  'down',
  'left',
  'right',
  'upleft',
  'upright',
  'downleft',
  'downright',
  'zoomin',
  'zoomout',
  'home',
  'stop',
] as const;
export type PtzDirection = (typeof PTZ_DIRECTIONS)[number];

export const CAMERA_TASK_ACTIONS = [
  'livecommand',
  'locallivecommand',
  'sdlivecommand',
  'thumbscommand',
  'motionthumbscommand',
  'uninstall',
  'uninstall_all',
  'getconfig',
] as const;
export type CameraTaskActionName = (typeof CAMERA_TASK_ACTIONS)[number] | `ptz_${PtzDirection}`;

export const CameraTaskAction = z
  .string()
  .refine(
    (a) =>
      (CAMERA_TASK_ACTIONS as readonly string[]).includes(a) ||
      (a.startsWith('ptz_') && (PTZ_DIRECTIONS as readonly string[]).includes(a.slice(4))),
    {
      message: `must be one of ${CAMERA_TASK_ACTIONS.join(', ')}, or ptz_ followed by ${PTZ_DIRECTIONS.join(', ')}`,
    },
  )
  .transform((a) => a as CameraTaskActionName);

/**
 * GET /sendcameratask. `uid` is the camera's uidd; for uninstall_all it may instead be an owner's uid (every
 * camera of that owner).
 */
export const SendCameraTaskQuery = z.strictObject({
  uid: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,64})?$/, 'must be a camera id (owner.deviceId)'),
  action: CameraTaskAction,
  caller: z.string().max(16).optional(),
});
export type SendCameraTaskQuery = z.output<typeof SendCameraTaskQuery>;

export const SendCameraTaskResult = z.object({
  success: z.literal(true),
  action: z.string(),
  uidds: z.array(Uidd),
  /** What the recorder answered (e.g. live stream names), or the configuration for getconfig. */
  data: z.record(z.string(), z.unknown()),
});
export type SendCameraTaskResult = z.infer<typeof SendCameraTaskResult>;

export const DelDeviceQuery = z.strictObject({ uid: Uidd, caller: z.string().max(16).optional() });
export const DelDeviceResult = z.object({ success: z.literal(true), uidd: Uidd });

// ---- Names and tags ---------------------------------------------------------------------------------------

export const CAMERA_NAME_MAX_LENGTH = 100;

export const CameraName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(CAMERA_NAME_MAX_LENGTH, `must be at most ${CAMERA_NAME_MAX_LENGTH} characters`)
  .refine((s) => !hasControlCharacters(s), 'must not contain control characters');

/** PUT /phonename: rename a camera. `token` is accepted for compatibility and ignored: the header authorises. */
export const PhoneNameInput = z.strictObject({
  uid: Uidd,
  name: CameraName,
  token: z.string().max(4096).optional(),
});
export type PhoneNameInput = z.output<typeof PhoneNameInput>;

export const TAG_MAX_LENGTH = 64;
export const TAGS_PER_CAMERA_MAX = 50;

export const Tag = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(TAG_MAX_LENGTH, `must be at most ${TAG_MAX_LENGTH} characters`)
  .refine((s) => !hasControlCharacters(s), 'must not contain control characters');

export const CameraTagsQuery = z
  .strictObject({ uidd: uiddList.optional(), 'uidd[]': uiddList.optional() })
  .transform((q) =>
    q.uidd || q['uidd[]']
      ? { uidds: uniq([...(q.uidd ?? []), ...(q['uidd[]'] ?? [])]) }
      : { uidds: undefined },
  );

export const CameraTagsEntry = z.object({ uidd: Uidd, tags: z.array(z.string()) });
export type CameraTagsEntry = z.infer<typeof CameraTagsEntry>;

/** GET /cameras/tags answer: tags per camera, and every distinct tag of those cameras (for the tag input). */
export const CameraTagsResult = z.object({ cameras: z.array(CameraTagsEntry), tags: z.array(z.string()) });
export type CameraTagsResult = z.infer<typeof CameraTagsResult>;

/**
 * PUT /cameras/tags: `uidd` lists the cameras being edited; each entry of `changes` replaces that camera's tags
 * (its uidd must be in `uidd`). Cameras listed without a change keep their tags.
 */
export const PutCameraTagsBody = z
  .strictObject({
    uidd: z.array(Uidd).min(1).max(MAX_UIDDS_PER_QUERY),
    changes: z
      .array(
        z.strictObject({
          uidd: Uidd,
          tags: z
            .array(Tag)
            .max(TAGS_PER_CAMERA_MAX, `at most ${TAGS_PER_CAMERA_MAX} tags`)
            .transform((t) => uniq(t)),
        }),
      )
      .max(MAX_UIDDS_PER_QUERY),
  })
  .superRefine((b, ctx) => {
    const listed = new Set<string>(b.uidd);
    b.changes.forEach((c, i) => {
      if (!listed.has(c.uidd))
        ctx.addIssue({
          code: 'custom',
          path: ['changes', i, 'uidd'],
          message: 'must also be listed in uidd',
        });
    });
  });
export type PutCameraTagsBody = z.output<typeof PutCameraTagsBody>;
