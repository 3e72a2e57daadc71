import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BrandAdmin,
  type BrandAssetBody,
  type BrandAssetName,
  type BrandInput,
  BrandList,
  type CreateBrandBody,
  Done,
} from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { brandKeys } from './keys.ts';

/** GET /support/brands */
export const useBrands = () =>
  useQuery({
    queryKey: brandKeys.list(),
    queryFn: ({ signal }) => apiFetch('/support/brands', BrandList, { signal }).then((r) => r.brands),
  });

/** POST /support/brands (a new brand) or PUT /support/brands/:id. */
export function useSaveBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, create }: { id: string; body: BrandInput; create: boolean }) =>
      create
        ? apiFetch('/support/brands', BrandAdmin, {
            method: 'POST',
            body: { ...body, id } satisfies CreateBrandBody,
          })
        : apiFetch(`/support/brands/${encodeURIComponent(id)}`, BrandAdmin, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: brandKeys.all }),
  });
}

/** DELETE /support/brands/:id */
export function useDeleteBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/support/brands/${encodeURIComponent(id)}`, Done, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: brandKeys.all }),
  });
}

/** PUT /support/brands/:id/assets/:asset: a logo, favicon or app layout logo, base64. */
export function useUploadBrandAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, asset, body }: { id: string; asset: BrandAssetName; body: BrandAssetBody }) =>
      apiFetch(`/support/brands/${encodeURIComponent(id)}/assets/${asset}`, BrandAdmin, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
