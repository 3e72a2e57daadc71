import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camera } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { recordingKeys } from './keys.ts';

/** GET /cameras: the caller's cameras (those it may see). */
export const getCameras = (): Promise<Camera[]> => apiFetch<Camera[]>('/cameras');

export const camerasQuery = () => queryOptions({ queryKey: recordingKeys.cameras(), queryFn: getCameras });
export const useCameras = () => useQuery(camerasQuery());
