import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShareLinkInfo } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';
import { recordingKeys } from './keys.ts';

/** GET /jwt/links: a camera's share links with their use counts. */
export const getShareLinks = (uidd: string) =>
  apiFetch('/jwt/links', z.array(ShareLinkInfo), { query: { uidd } });

export const shareLinksQuery = (uidd: string) =>
  queryOptions({ queryKey: recordingKeys.links(uidd), queryFn: () => getShareLinks(uidd) });
export const useShareLinks = (uidd: string) => useQuery(shareLinksQuery(uidd));
