import type { CameraLookup } from '../recording/directory-source.ts';

/**
 * The cameras as the recorder reads them, with retention held to the owner's licence (decision 0706): a camera
 * keeps video for its own days or the plan's storage days, whichever is fewer (a plan cancelled or changed leaves
 * the cameras' days as they were, 0741; the licence still bounds them). One licence lookup per owner and read.
 */
export function licensedRetention(
  lookup: CameraLookup,
  storageDays: (owner: string) => Promise<number | undefined>,
): CameraLookup {
  const limit = async <C extends { owner: string; cloudStorageDays: number }>(cameras: C[]): Promise<C[]> => {
    const days = new Map<string, number | undefined>();
    for (const owner of new Set(cameras.map((c) => c.owner))) days.set(owner, await storageDays(owner));
    return cameras.map((c) => {
      const d = days.get(c.owner);
      return d !== undefined && d < c.cloudStorageDays ? { ...c, cloudStorageDays: d } : c;
    });
  };
  return {
    installed: async () => limit(await lookup.installed()),
    get: async (uidd) => {
      const camera = await lookup.get(uidd);
      return camera && (await limit([camera]))[0];
    },
  };
}
