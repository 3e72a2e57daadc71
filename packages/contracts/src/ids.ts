import { z } from 'zod';

/**
 * Branded ids and units. The spec mixes seconds and milliseconds and uses several id shapes;
 * brands make the compiler catch a mix-up.
 */
export const Uid = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a user id')
  .brand<'Uid'>();
export type Uid = z.infer<typeof Uid>;

export const DeviceId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a device id')
  .brand<'DeviceId'>();
export type DeviceId = z.infer<typeof DeviceId>;

/** A camera identifier of the form owner.deviceId (spec 001 §3). */
export const Uidd = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/, 'must be a camera id of the form owner.deviceId')
  .brand<'Uidd'>();
export type Uidd = z.infer<typeof Uidd>;

export type EpochMs = number & { readonly __unit: 'EpochMs' };
export type EpochSec = number & { readonly __unit: 'EpochSec' };

export const epochMs = (n: number): EpochMs => n as EpochMs;
export const epochSec = (n: number): EpochSec => n as EpochSec;
export const msToSec = (ms: EpochMs): EpochSec => Math.floor(ms / 1000) as EpochSec;
export const secToMs = (sec: EpochSec): EpochMs => (sec * 1000) as EpochMs;

export const uiddOf = (owner: Uid | string, deviceId: DeviceId | string): Uidd =>
  `${owner}.${deviceId}` as Uidd;
export function splitUidd(uidd: Uidd): { owner: Uid; deviceId: DeviceId } {
  const dot = uidd.indexOf('.');
  return { owner: uidd.slice(0, dot) as Uid, deviceId: uidd.slice(dot + 1) as DeviceId };
}
