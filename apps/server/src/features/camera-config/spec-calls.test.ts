import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';

/**
 * The calls of spec 001 §7 (Configuration, Analytics rules, Schedules, Licences) and 000 §7 this work serves, written out from the
 * spec's text: each is a route of the server under its spec path (none may fall to "No such endpoint").
 */
const SPEC_CALLS = [
  'PUT /simple/:owner/:device/config/cloudrecordingenabled',
  'PUT /cameras/config/cloudrecordingenabled',
  'PUT /camera/:owner/:device/config/analytics',
  'PUT /cameras/config/analytics',
  'PUT /camera/:owner/:device/config/recordingmode',
  'PUT /cameras/config/recordingmode',
  'PUT /simple/:owner/:device/config/nvrmode',
  'PUT /cameras/config/nvrmode',
  'GET /cameras/motion/config',
  'PATCH /cameras/motion/config',
  'GET /cameras/recording/config',
  'PATCH /cameras/recording/config',
  'GET /cameras/analytics/config',
  'PATCH /cameras/analytics/config',
  'GET /cameras/ptz/config',
  'PATCH /cameras/ptz/config',
  'GET /cameras/stream/config',
  'PATCH /cameras/stream/config',
  'GET /cameras/audio/config',
  'PATCH /cameras/audio/config',
  'GET /cameras/notifications/config',
  'PATCH /cameras/notifications/config',
  'GET /schedule/:id',
  'POST /schedule/:x/:category/:local_time/:action',
  'PUT /schedule/:x/:category/:local_time/:action',
  'DELETE /schedule/:x/:category/:local_time',
  'GET /account/:id/licenses',
  'GET /analytics/areas',
  'GET /analytics/alerts/rules',
  'POST /analytics/alerts/rules',
  'PATCH /analytics/alerts/rules',
  'DELETE /analytics/alerts/rules',
  'PUT /phonename',
  'PUT /cameras/tags',
  'GET /viewer/:userId/:cameraId/settings',
  'GET /viewer/:id/settings',
  'PATCH /viewer/:id/settings',
];

describeEachDb('spec 001 §7 configuration calls', (ctx) => {
  it('serves every one under its spec path', async () => {
    const t = ctx();
    const served = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    expect(SPEC_CALLS.filter((c) => !served.has(c))).toEqual([]);
    // Asked without a token, each is refused as unsigned, never "No such endpoint".
    for (const call of SPEC_CALLS) {
      const [method, path] = call.split(' ') as ['GET', string];
      const res = await t.call({ method, url: path.replace(/:(\w+)/g, 'x') });
      expect(`${call} ${res.status}`).toBe(`${call} 401`);
    }
  });
});
