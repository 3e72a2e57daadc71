/**
 * The cache keys of cameras, the one factory for every screen (decision 0106). Everything about cameras lives under
 * `all`, so a mutation that changes a camera (install, uninstall, delete, settings) invalidates `cameraKeys.all`
 * and every view of the cameras — the navigator, recordings, events, dashboard, groups, members — refetches.
 */
export const cameraKeys = {
  all: ['cameras'] as const,
  /** GET /cameras?owner=…: the cameras of these accounts the caller may see (one list, filtered by `select`). */
  list: (owners: readonly string[]) => [...cameraKeys.all, 'list', [...owners].sort()] as const,
  /** GET /cameras/status for these cameras. */
  statuses: (uidds: readonly string[]) => [...cameraKeys.statusAll(), [...uidds].sort().join(',')] as const,
  statusAll: () => [...cameraKeys.all, 'status'] as const,
};
