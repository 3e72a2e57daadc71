import type { TestApp } from '../../testing/harness.ts';

/**
 * The tenant-isolation matrix's rules for vehicle analytics (decision 0791), written out as the matrix's own are
 * (isolation.test.ts): what an event shows, and the plate log, for those who see events (down to view only); the
 * LPR add-on's switch for managers; people counts (0794) and plate watch-lists (0796). Kept here so the matrix file
 * does not grow.
 */
const watchEvents = ['owner', 'coowner', 'admin', 'readonly', 'viewonly'] as const;
const managers = ['owner', 'coowner', 'admin'] as const;

export interface VehicleFixture {
  t: TestApp;
  owner: { uid: string; token: string };
  cam: string;
  event(): Promise<string>;
}

/** A plate on the owner's deny list, put there by the owner (the deletion's target). */
async function listed(f: VehicleFixture): Promise<{ uid: string; list: string; plate: string }> {
  const entry = { uid: f.owner.uid, list: 'deny', plate: 'IS0LAT1' };
  await f.t.call({ method: 'POST', url: '/vehicles/watch-lists', token: f.owner.token, payload: entry });
  return entry;
}

export const VEHICLE_RULES = {
  'GET /events/:uid/:deviceid/:eventId/analytics/vehicles': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({
      url: `/events/${f.cam.replace('.', '/')}/${await f.event()}/analytics/vehicles`,
    }),
  },
  'GET /vehicles/sightings': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/vehicles/sightings?uidd=${f.cam}` }),
  },
  'GET /vehicles/counts': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/vehicles/counts?uidd=${f.cam}&startt=0&endt=3600000` }),
  },
  'GET /vehicles/lpr-cameras': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/vehicles/lpr-cameras?uidd=${f.cam}` }),
  },
  'GET /camera/:owner/:device/config/lpr': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/camera/${f.cam.replace('.', '/')}/config/lpr` }),
  },
  // People counting (decision 0794): what a camera's events showed crossing its lines.
  'GET /analytics/counts': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/analytics/counts?uidd=${f.cam}&from=0&to=3600000` }),
  },
  // Plate watch-lists (decision 0796): the account's, read with the events right, changed by managers.
  'GET /vehicles/watch-lists': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/vehicles/watch-lists?uid=${f.owner.uid}` }),
  },
  'POST /vehicles/watch-lists': {
    allow: [...managers],
    request: async (f: VehicleFixture) => ({
      url: '/vehicles/watch-lists',
      payload: { uid: f.owner.uid, list: 'allow', plate: 'IS0LAT2' },
    }),
  },
  'DELETE /vehicles/watch-lists': {
    allow: [...managers],
    request: async (f: VehicleFixture) => ({ url: '/vehicles/watch-lists', payload: await listed(f) }),
  },
  'PUT /camera/:owner/:device/config/lpr': {
    allow: [...managers],
    request: async (f: VehicleFixture) => ({
      url: `/camera/${f.cam.replace('.', '/')}/config/lpr`,
      payload: { enabled: true },
    }),
  },
};
