import { BRAND_ASSET_NAMES, type BrandAdmin, type BrandAssetName } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text.ts';
import { useUploadBrandAsset } from '../api/manage-brands.ts';
import { useBrandsT } from '../i18n/index.ts';
import { Group } from './BrandFields.tsx';
import { bodyOf, IMAGE_TYPES } from './image-body.ts';

/** The brand's images (spec 001 §3, §7): logo.png, favicon, the app layout's logos. */
export function AssetUploads({ brand }: { brand: BrandAdmin }) {
  const { t } = useTranslation();
  const tb = useBrandsT();
  const upload = useUploadBrandAsset();
  const [done, setDone] = useState<string>();
  const send = async (asset: BrandAssetName, file: File | undefined) => {
    const body = file && (await bodyOf(file));
    if (!body) return;
    setDone(undefined);
    upload.mutate(
      { id: brand.id, asset, body },
      { onSuccess: () => setDone(tb('uploaded', { name: asset })) },
    );
  };
  return (
    <Group title={tb('images')}>
      <p className="text-sm text-neutral-600">{tb('images_note')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {BRAND_ASSET_NAMES.map((asset) => {
          const uploaded = asset === 'logo.png' ? brand.logo : brand[asset];
          // Logo and favicon are drawn for a brand that uploaded none; the app layout's logos are optional.
          const src =
            uploaded ??
            (asset === 'logo.png' || asset === 'favicon' ? `/brands/${brand.id}/${asset}` : undefined);
          return (
            <div key={asset} className="flex min-w-0 items-center gap-3">
              {src ? (
                <img
                  src={src}
                  alt=""
                  className="h-10 w-10 shrink-0 rounded border border-neutral-200 object-contain"
                />
              ) : (
                <span className="h-10 w-10 shrink-0 rounded border border-dashed border-neutral-300" />
              )}
              <label className="min-w-0 text-sm">
                <span className="block font-medium">{tb('upload', { name: asset })}</span>
                <input
                  type="file"
                  accept={IMAGE_TYPES.join(',')}
                  className="block w-full min-w-0 text-sm"
                  onChange={(e) => void send(asset, e.target.files?.[0])}
                />
              </label>
            </div>
          );
        })}
      </div>
      {upload.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(upload.error, t)}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
    </Group>
  );
}
