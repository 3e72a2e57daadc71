/**
 * The tenant-isolation matrix's rules for vehicle analytics (decision 0791), written out as the matrix's own are
 * (isolation.test.ts): what an event shows, and the plate log, for those who see events (down to view only); the
 * LPR add-on's switch for managers. Kept here so the matrix file does not grow.
 */
const watchEvents = ['owner', 'coowner', 'admin', 'readonly', 'viewonly'] as const;
const managers = ['owner', 'coowner', 'admin'] as const;

export interface VehicleFixture {
  cam: string;
  event(): Promise<string>;
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
  'PUT /camera/:owner/:device/config/lpr': {
    allow: [...managers],
    request: async (f: VehicleFixture) => ({
      url: `/camera/${f.cam.replace('.', '/')}/config/lpr`,
      payload: { enabled: true },
    }),
  },
};
