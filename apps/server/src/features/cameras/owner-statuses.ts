import type { Uidd } from '@vigil/contracts';
import type { CameraRows } from '../access/ports.ts';
import { apiStatusOf, type CameraStatusProvider, type CameraStatusReport } from './status-provider.ts';

/**
 * An owner's installed cameras by name, each online or offline as GET /cameras/status answers it (a recorder that
 * does not answer: offline, spec 001 §4). For the partner portal's read-only view of a customer (decision 0872).
 */
export async function ownerStatuses(
  rows: CameraRows,
  status: CameraStatusProvider,
  owner: string,
): Promise<{ uidd: string; name: string; status: 'online' | 'offline' }[]> {
  const cameras = (await rows.listByOwners([owner])).filter((c) => !c.uninstalled);
  const reports = await status
    .statuses(cameras.map((c) => c.uidd as Uidd))
    .catch(() => new Map<Uidd, CameraStatusReport>());
  return cameras.map((c) => ({
    uidd: c.uidd,
    name: c.name,
    // Installed cameras only: online or offline, never uninstalled.
    status: apiStatusOf(false, reports.get(c.uidd as Uidd)) === 'online' ? 'online' : 'offline',
  }));
}
