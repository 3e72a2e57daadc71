/**
 * npm run simulator -- --cameras 3 [--port 8554] [--codec h264|h265] [--resolution 720p|1080p] [--fps 10]
 *                      [--gop 2] [--audio] [--clock] [--sd] [--ptz] [--motion 5-12,15-18] [--loop 20] [--kbps 2000]
 *                      [--object box|person|crossing|walking] [--view shop|car-park|yard]
 *                      [--cache-dir DIR]
 *                      [--till] [--orders WEBHOOK_URL --secret whsec_… [--every 30] [--dispute-every 5]]
 * --till: the cameras show a takeaway's till (a person at the counter); --orders: post a signed order to a
 * takeaway account's webhook every --every seconds, every --dispute-every-th one disputed (decision 0840).
 * Serves simulated RTSP cameras on 127.0.0.1 until interrupted; prints one URL per line, then a JSON line.
 */
import { parseArgs } from 'node:util';
import type { SimCodec } from './encode-args.ts';
import { streamOrders, TILL_CAMERA } from './pos-orders.ts';
import { type SimCameraOptions, startSimulator } from './simulator.ts';

const { values } = parseArgs({
  options: {
    cameras: { type: 'string', default: '3' },
    port: { type: 'string' },
    codec: { type: 'string' },
    resolution: { type: 'string' },
    fps: { type: 'string' },
    gop: { type: 'string' },
    audio: { type: 'boolean' },
    clock: { type: 'boolean' },
    sd: { type: 'boolean' },
    ptz: { type: 'boolean' },
    motion: { type: 'string' },
    loop: { type: 'string' },
    kbps: { type: 'string' },
    object: { type: 'string' },
    view: { type: 'string' },
    'cache-dir': { type: 'string' },
    till: { type: 'boolean' },
    orders: { type: 'string' },
    secret: { type: 'string' },
    every: { type: 'string', default: '30' },
    'dispute-every': { type: 'string', default: '5' },
  },
});

const num = (v: string | undefined): number | undefined => (v === undefined ? undefined : Number(v));
const defaults: SimCameraOptions = {
  codec: values.codec as SimCodec | undefined,
  resolution: values.resolution as '720p' | '1080p' | undefined,
  fps: num(values.fps),
  gopSec: num(values.gop),
  audio: values.audio,
  clock: values.clock,
  sd: values.sd,
  ptz: values.ptz,
  loopSec: num(values.loop),
  kbps: num(values.kbps),
  object: values.object as 'box' | 'person' | 'crossing' | 'walking' | undefined,
  view: values.view as 'shop' | 'car-park' | 'yard' | undefined,
  motion: values.motion?.split(',').map((r) => r.split('-').map(Number) as [number, number]),
};
for (const k of Object.keys(defaults) as Array<keyof SimCameraOptions>) {
  if (defaults[k] === undefined) delete defaults[k];
}
if (values.till) Object.assign(defaults, TILL_CAMERA);
if (values.orders && !values.secret)
  throw new Error('--orders needs --secret (the account’s webhook secret)');
const orders =
  values.orders && values.secret
    ? streamOrders({
        webhookUrl: values.orders,
        secret: values.secret,
        everyMs: Number(values.every) * 1000,
        disputeEvery: Number(values['dispute-every']),
        log: (l) => console.error(l),
      })
    : undefined;

const sim = await startSimulator({
  cameras: Number(values.cameras),
  defaults,
  basePort: num(values.port) ?? 8554,
  cacheDir: values['cache-dir'],
  log: (l) => console.error(l),
});
for (const cam of sim.cameras) {
  console.log(cam.urls.main);
  if (cam.urls.sd) console.log(cam.urls.sd);
  if (cam.onvif) console.log(`${cam.onvif.url} (ONVIF PTZ, ${cam.onvif.username} / ${cam.onvif.password})`);
}
console.log(JSON.stringify({ cameras: sim.cameras }));
const shutdown = (): void => {
  orders?.stop();
  void sim.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
