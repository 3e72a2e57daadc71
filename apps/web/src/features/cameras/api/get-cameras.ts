import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camera } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from './keys.ts';

/** GET /cameras: the caller's cameras (spec 001 §7). */
export const getCameras = (): Promise<Camera[]> => apiFetch<Camera[]>('/cameras');

export const camerasQuery = () => queryOptions({ queryKey: cameraKeys.list(), queryFn: getCameras });

export const useCameras = () => useQuery(camerasQuery());
