import {
  type AnalyticsFixture,
  analyticsRules,
  type ConfigRule,
  managers,
  seeCameras,
} from './isolation-analytics-rules.ts';

/**
 * The isolation matrix's rules for the camera configuration calls (spec 001 §7 Configuration, licences; decisions
 * 0700, 0701), kept apart from isolation.test.ts, which spreads them into its RULES. Written out from decision
 * 0010's table, not read from the code: reads for anyone who sees the camera (support included), changes with the
 * settings right (owner, co-owner, admin). Every change here leaves the shared camera as it was.
 */
export function configRules<F extends AnalyticsFixture>(): Record<string, ConfigRule<F>> {
  const path = (f: F) => f.cam.replace('.', '/');
  const change = (url: (f: F) => string, payload: (f: F) => object): ConfigRule<F> => ({
    allow: managers,
    request: async (f) => ({ url: url(f), payload: payload(f) }),
  });
  return {
    ...scheduleRules<F>(),
    ...analyticsRules<F>(),
    ...ptzRules<F>(),
    ...streamRules<F>(),
    'GET /cameras/stream/config': {
      allow: seeCameras,
      request: async (f) => ({ url: `/cameras/stream/config?uidd=${f.cam}` }),
    },
    // Each caller's own notifications for the shared camera: anyone who sees it (support included).
    'GET /cameras/notifications/config': {
      allow: seeCameras,
      request: async (f) => ({ url: `/cameras/notifications/config?uidd=${f.cam}` }),
    },
    'PATCH /cameras/notifications/config': {
      allow: seeCameras,
      request: async (f) => ({
        url: '/cameras/notifications/config',
        payload: { uidd: f.cam, settings: { email: true } },
      }),
    },
    'GET /account/:id/licenses': {
      allow: seeCameras,
      request: async (f) => ({ url: `/account/${f.owner.uid}/licenses` }),
    },
    'GET /cameras/recording/config': {
      allow: seeCameras,
      request: async (f) => ({ url: `/cameras/recording/config?uidd=${f.cam}` }),
    },
    'PATCH /cameras/recording/config': change(
      () => '/cameras/recording/config',
      (f) => ({ uidd: f.cam, settings: { mode: 'continuous' } }),
    ),
    'PUT /simple/:owner/:device/config/cloudrecordingenabled': change(
      (f) => `/simple/${path(f)}/config/cloudrecordingenabled`,
      () => ({ cloudRecordingEnabled: true }),
    ),
    'PUT /cameras/config/cloudrecordingenabled': change(
      () => '/cameras/config/cloudrecordingenabled',
      (f) => ({ uidd: f.cam, cloudRecordingEnabled: true }),
    ),
    'PUT /camera/:owner/:device/config/recordingmode': change(
      (f) => `/camera/${path(f)}/config/recordingmode`,
      () => ({ mode: 'continuous' }),
    ),
    'PUT /cameras/config/recordingmode': change(
      () => '/cameras/config/recordingmode',
      (f) => ({ uidd: f.cam, mode: 'continuous' }),
    ),
    // 2MP on the shared 1080p camera: its main stream, as before.
    'PUT /simple/:owner/:device/config/nvrmode': change(
      (f) => `/simple/${path(f)}/config/nvrmode`,
      () => ({ nvrmode: 0 }),
    ),
    'PUT /cameras/config/nvrmode': change(
      () => '/cameras/config/nvrmode',
      (f) => ({ uidd: f.cam, nvrmode: 0 }),
    ),
    'PUT /cameras/config/analytics': change(
      () => '/cameras/config/analytics',
      (f) => ({ uidd: f.cam, enabled: true, scheme: 'objects' }),
    ),
    'GET /cameras/analytics/config': {
      allow: seeCameras,
      request: async (f) => ({ url: `/cameras/analytics/config?uidd=${f.cam}` }),
    },
    'PATCH /cameras/analytics/config': change(
      () => '/cameras/analytics/config',
      (f) => ({ uidd: f.cam, settings: { enabled: true } }),
    ),
  };
}

function scheduleRules<F extends { cam: string }>(): Record<string, ConfigRule<F>> {
  return {
    // Schedules through the caller's own id: the batch read answers per camera (refusals in `errors`).
    'GET /schedule/:id': {
      allow: 'any',
      request: async (f, c) => ({ url: `/schedule/${c.uid}?uidd=${f.cam}` }),
    },
    'POST /schedule/:x/:category/:local_time/:action': {
      allow: managers,
      request: async (f, c) => ({
        url: `/schedule/${c.uid}/recording/23:59/on`,
        payload: { uidd: f.cam, daysOfWeek: [6] },
      }),
    },
    'PUT /schedule/:x/:category/:local_time/:action': {
      allow: managers,
      request: async (f, c) => ({
        url: `/schedule/${c.uid}/recording/23:58/on`,
        payload: { uidd: f.cam, daysOfWeek: [6], localTimeToReplace: '23:59' },
      }),
    },
    'DELETE /schedule/:x/:category/:local_time': {
      allow: managers,
      request: async (f, c) => ({
        url: `/schedule/${c.uid}/recording/23:58`,
        payload: { uidd: f.cam, daysOfWeek: [6] },
      }),
    },
  };
}

/** PTZ configuration and presets (decision 0705): the PTZ right (owner, co-owner, admin), the switch settings. */
function ptzRules<F extends AnalyticsFixture>(): Record<string, ConfigRule<F>> {
  const ptz = (url: string, payload: (f: F) => object): ConfigRule<F> => ({
    allow: managers,
    request: async (f) => ({ url, payload: payload(f) }),
  });
  return {
    'GET /cameras/ptz/config': {
      allow: managers,
      request: async (f) => ({ url: `/cameras/ptz/config?uidd=${f.cam}` }),
    },
    // Set to what it is: the shared camera stays as it was.
    'PATCH /cameras/ptz/config': {
      allow: managers,
      request: async (f) => {
        const cams = await f.t.call({ method: 'GET', url: `/cameras?uidd=${f.cam}`, token: f.owner.token });
        return {
          url: '/cameras/ptz/config',
          payload: { uidd: f.cam, settings: { ptzEnabled: cams.json[0].ptzEnabled as boolean } },
        };
      },
    },
    // A named preset and a token no camera has: a manager reaches the camera (or is told it has no PTZ).
    'POST /cameras/ptz/presets': ptz('/cameras/ptz/presets', (f) => ({ uidd: f.cam, name: 'Isolation' })),
    'POST /cameras/ptz/presets/goto': ptz('/cameras/ptz/presets/goto', (f) => ({
      uidd: f.cam,
      token: 'none',
    })),
    'DELETE /cameras/ptz/presets': ptz('/cameras/ptz/presets', (f) => ({ uidd: f.cam, token: 'none' })),
    // Two-way audio (decision 0709): the PTZ right; the shared camera has no speaker, so a manager is told so (400)
    // and nothing is played.
    'POST /twowayaudio/:owner/:device': {
      allow: managers,
      request: async (f) => ({ url: `/twowayaudio/${f.cam.replace('.', '/')}`, payload: {} }),
    },
  };
}

/** A camera's stream settings and sound (decisions 0714, 0715). */
function streamRules<F extends AnalyticsFixture>(): Record<string, ConfigRule<F>> {
  const streamChange = (url: (f: F) => string, payload: (f: F) => object): ConfigRule<F> => ({
    allow: managers,
    request: async (f) => ({ url: url(f), payload: payload(f) }),
  });
  return {
    // Asking the camera's encoders, or changing one, takes the settings right (decision 0714); the shared camera
    // has no ONVIF service, so a manager is told so and nothing changes.
    'GET /cameras/stream/encoders': {
      allow: managers,
      request: async (f) => ({ url: `/cameras/stream/encoders?uidd=${f.cam}` }),
    },
    'GET /cameras/audio/config': {
      allow: seeCameras,
      request: async (f) => ({ url: `/cameras/audio/config?uidd=${f.cam}` }),
    },
    // Off: what the shared camera (no sound) has.
    'PATCH /cameras/audio/config': streamChange(
      () => '/cameras/audio/config',
      (f) => ({ uidd: f.cam, settings: { audioEnabled: false } }),
    ),
    'PATCH /cameras/stream/config': streamChange(
      () => '/cameras/stream/config',
      (f) => ({ uidd: f.cam, settings: { frameRate: 10 } }),
    ),
  };
}
