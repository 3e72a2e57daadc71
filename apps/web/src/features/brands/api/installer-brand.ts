import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandAssetBody, InstallerBrand, type InstallerTheme } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { brandKeys } from './keys.ts';

/** GET /partners/brand: the signed-in installer's own colours and logo. */
export const useInstallerBrand = (enabled: boolean) =>
  useQuery({
    queryKey: brandKeys.installer(),
    queryFn: ({ signal }) => apiFetch('/partners/brand', InstallerBrand, { signal }),
    enabled,
  });

/** PUT /partners/brand (colours) or PUT /partners/brand/logo.png. */
export function useSaveInstallerBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: { theme: InstallerTheme } | { logo: BrandAssetBody }) =>
      'theme' in change
        ? apiFetch('/partners/brand', InstallerBrand, { method: 'PUT', body: change.theme })
        : apiFetch('/partners/brand/logo.png', InstallerBrand, { method: 'PUT', body: change.logo }),
    onSuccess: (data) => qc.setQueryData(brandKeys.installer(), data),
  });
}
