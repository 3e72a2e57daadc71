import { readJson, STORAGE_KEYS } from '../../shared/storage/local.ts';

/**
 * Layouts (/cameras/layouts/:id): named sets of cameras shown together in the grid, kept on this device like the
 * grid filters and camera order (spec 000 §3 lists no call for them; docs/decisions/0453). A presentation
 * (/cameras/presentations/:id) cycles through a layout's cameras, `all` through every camera.
 */
export interface CameraLayout {
  id: string;
  name: string;
  uidds: string[];
  columns: 1 | 2 | 3 | 4;
}

export const loadLayouts = (s: Storage = localStorage): CameraLayout[] =>
  readJson<CameraLayout[]>(STORAGE_KEYS.cameraLayouts, s) ?? [];

/** Adds a layout; names are unique (spec 001 §5), compared without case. Returns it, or undefined when taken. */
export function addLayout(
  name: string,
  uidds: readonly string[],
  columns: CameraLayout['columns'],
  s: Storage = localStorage,
): CameraLayout | undefined {
  const all = loadLayouts(s);
  const clean = name.trim();
  if (!clean || all.some((l) => l.name.toLowerCase() === clean.toLowerCase())) return undefined;
  const layout: CameraLayout = {
    id: crypto.randomUUID().slice(0, 8),
    name: clean,
    uidds: [...uidds],
    columns,
  };
  s.setItem(STORAGE_KEYS.cameraLayouts, JSON.stringify([...all, layout]));
  return layout;
}

export function removeLayout(id: string, s: Storage = localStorage): void {
  s.setItem(STORAGE_KEYS.cameraLayouts, JSON.stringify(loadLayouts(s).filter((l) => l.id !== id)));
}

/** Presentations move to the next camera this often. */
export const PRESENTATION_STEP_MS = 10_000;
