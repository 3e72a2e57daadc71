import { useMemo } from 'react';
import { useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';

/** The cameras whose events (and so vehicles) the person may see, and a name for any uidd. */
export function useEventCameras() {
  const cameras = useVisibleCameras('events');
  return useMemo(() => {
    const list = (cameras.data ?? []).filter((c) => !c.uninstalled);
    const names = new Map(list.map((c) => [c.uidd as string, c.name]));
    return {
      list,
      names,
      loading: cameras.isPending,
      nameOf: (uidd: string) => names.get(uidd) ?? uidd,
    };
  }, [cameras.data, cameras.isPending]);
}
