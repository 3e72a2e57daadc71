import {
  BRAND_ASSET_NAMES,
  type BrandAdmin,
  type BrandAssetBody,
  type BrandAssetName,
} from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text.ts';
import { useUploadBrandAsset } from '../api/manage-brands.ts';
import { Group } from './BrandFields.tsx';

const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;

/** A file as the upload call takes it: its type and bytes in base64. */
async function bodyOf(file: File): Promise<BrandAssetBody | undefined> {
  const type = TYPES.find((t) => t === file.type);
  if (!type) return undefined;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { contentType: type, data: btoa(binary) };
}

/** The brand's images (spec 001 §3, §7): logo.png, favicon, the app layout's logos. */
export function AssetUploads({ brand }: { brand: BrandAdmin }) {
  const { t } = useTranslation();
  const upload = useUploadBrandAsset();
  const [done, setDone] = useState<string>();
  const send = async (asset: BrandAssetName, file: File | undefined) => {
    const body = file && (await bodyOf(file));
    if (!body) return;
    setDone(undefined);
    upload.mutate(
      { id: brand.id, asset, body },
      { onSuccess: () => setDone(t('brands.uploaded', { name: asset })) },
    );
  };
  return (
    <Group title={t('brands.images')}>
      <p className="text-sm text-neutral-600">{t('brands.images_note')}</p>
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
                <span className="block font-medium">{t('brands.upload', { name: asset })}</span>
                <input
                  type="file"
                  accept={TYPES.join(',')}
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
