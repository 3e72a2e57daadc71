import { useQuery } from '@tanstack/react-query';
import { BrandDocument, type BrandDocumentKind } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { brandKeys } from './keys.ts';

/** GET /brand/documents/:kind: the current host's brand's terms or privacy document (markdown). */
export const useBrandDocument = (kind: BrandDocumentKind) =>
  useQuery({
    queryKey: brandKeys.document(kind),
    queryFn: ({ signal }) => apiFetch(`/brand/documents/${kind}`, BrandDocument, { signal }),
    staleTime: 5 * 60_000,
  });
