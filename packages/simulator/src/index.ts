/**
 * The camera simulator's public interface: the server's demo cameras (DEMO_CAMERAS), the tests, the benches and
 * `npm run simulator` use it through this module only (decision 0216).
 */
export { decodeClockBar } from './clock.ts';
export type { DemoView } from './demo-views.ts';
export type { SimCodec } from './encode-args.ts';
// Plate pictures for the plate reader's tests and bench (decision 0790).
export { bodyBox, PLATE_FONTS, type PlateScene, plateSceneArgs } from './plate-scene.ts';
// Ports leased machine-wide, so test files side by side never take the same one (decision 0022).
export { isPortFree, pickFreePorts, releasePorts } from './ports.ts';
// A takeaway's point of sale: the till camera scene and signed orders to the order webhook (decision 0840).
export {
  type PosOrder,
  posOrder,
  postSigned,
  signedHeaders,
  streamOrders,
  TILL_CAMERA,
} from './pos-orders.ts';
// People with and without a hard hat and a vest for the PPE check's tests and bench (decision 0870).
export {
  PPE_HELMET_COLOURS,
  PPE_VEST_COLOURS,
  type PpeHelmetColour,
  type PpeScene,
  type PpeVestColour,
  ppePersonBox,
  ppeSceneArgs,
  ppeSceneJpeg,
} from './ppe-scene.ts';
export {
  type PtzVector,
  type SceneChange,
  type SimCamera,
  type SimCameraOptions,
  type SimPtz,
  type SimStreamName,
  type Simulator,
  type SimulatorOptions,
  type StreamRun,
  startSimulator,
  type WallInterval,
} from './simulator.ts';
// A local stand-in for Stripe: its API subset, hosted payment page and signed webhooks (decision 0750).
export { stripeSignatureHeader } from './stripe/signature.ts';
export { STANDIN_SECRET_KEY, type StripeStandIn, startStripeStandIn } from './stripe/standin.ts';
// People walking both ways at known times for people counting's bench (decision 0884).
export {
  type TimedWalk,
  WALKING_LOOP_SEC,
  WALKING_SCHEDULE,
  type Walk,
  type WalkDirection,
  walkingTimes,
} from './walking-scene.ts';
