import { useQuery } from '@tanstack/react-query';
import { GeoInfo } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { billingKeys } from './keys.ts';

/** GET /geo: the visitor's country and currency (spec 000 §7; US, USD, $ by default). */
export const getGeo = (): Promise<GeoInfo> => apiFetch('/geo', GeoInfo, { anonymous: true });

export const useGeo = () => useQuery({ queryKey: billingKeys.geo(), queryFn: getGeo, staleTime: Infinity });
