import type { VehicleFixture } from './isolation-rules-vehicles.ts';

/**
 * The tenant-isolation matrix's rules for the PPE check (decision 0871), written out as the matrix's own are:
 * violations and their counts are what a camera's events show (down to view only); the switch and its safety
 * zones are camera settings (managers).
 */
const watchEvents = ['owner', 'coowner', 'admin', 'readonly', 'viewonly'] as const;
const managers = ['owner', 'coowner', 'admin'] as const;

export const PPE_RULES = {
  'GET /ppe/violations': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/ppe/violations?uidd=${f.cam}&kind=helmet` }),
  },
  'GET /ppe/counts': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/ppe/counts?uidd=${f.cam}&startt=0` }),
  },
  'GET /ppe/cameras': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/ppe/cameras?uidd=${f.cam}` }),
  },
  'GET /camera/:owner/:device/config/ppe': {
    allow: [...watchEvents],
    request: async (f: VehicleFixture) => ({ url: `/camera/${f.cam.replace('.', '/')}/config/ppe` }),
  },
  'PUT /camera/:owner/:device/config/ppe': {
    allow: [...managers],
    request: async (f: VehicleFixture) => ({
      url: `/camera/${f.cam.replace('.', '/')}/config/ppe`,
      payload: { enabled: true, zones: [] },
    }),
  },
};
