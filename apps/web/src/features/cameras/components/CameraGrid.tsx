import type { Camera, CameraStatus } from '@vigil/contracts';
import { CameraTile } from './CameraTile.tsx';

const COLS = {
  1: 'grid-cols-1',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** Cameras as tiles; each streams only while it is on screen. */
export function CameraGrid({
  cameras,
  statuses,
  columns,
  onMove,
}: {
  cameras: readonly Camera[];
  statuses: ReadonlyMap<string, CameraStatus>;
  columns: keyof typeof COLS;
  onMove?: (uidd: string, by: -1 | 1) => void;
}) {
  return (
    <ul className={`grid grid-cols-1 gap-3 ${COLS[columns]}`} data-testid="camera-grid">
      {cameras.map((c) => (
        <CameraTile
          key={c.uidd}
          camera={c}
          status={statuses.get(c.uidd)}
          onMove={onMove ? (by) => onMove(c.uidd, by) : undefined}
        />
      ))}
    </ul>
  );
}
