import { BRAND_ASSET_NAMES, type BrandAdmin, type BrandAssetName } from '@vigil/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useUploadBrandAsset } from '../api/manage-brands.ts';
import { useBrandsT } from '../i18n/index.ts';
import { Group } from './BrandFields.tsx';
import { ImageUpload, Outcome } from './ImageUpload.tsx';
import { bodyOf } from './image-body.ts';

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
            <ImageUpload
              key={asset}
              label={tb('upload', { name: asset })}
              src={src}
              onFile={(file) => void send(asset, file)}
            />
          );
        })}
      </div>
      <Outcome error={upload.isError ? errorText(upload.error, t) : undefined} done={done} />
    </Group>
  );
}
