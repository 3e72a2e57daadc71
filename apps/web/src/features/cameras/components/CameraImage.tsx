import '../../../shared/i18n/cameras.texts.ts';
import type { Camera, CameraStatus } from '@vigil/contracts';
import { stillPaths } from '@vigil/contracts';
import { useState } from 'react';
import { useMediaGrant } from '../../../shared/api/media-grant.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/**
 * The camera's latest thumbnail (or full-size still), loaded by <img> with a short 'still' grant where the spec puts
 * the token (spec 001 §7; never the auth token, decision 0014); the address changes with each new still. A failure shows 'No image' in red (spec 001 §2).
 */
export function CameraImage({
  camera,
  status,
  size,
}: {
  camera: Camera;
  status: CameraStatus | undefined;
  size: 'thumb' | 'still';
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | undefined>();
  const time = (size === 'thumb' ? status?.lastThumbTime : status?.lastStill) ?? 0;
  // Asked for while the status is still on its way (most cameras have a still): the grant and the status travel
  // together instead of one after the other, a round trip less before the page's first picture (decision 0878).
  const grant = useMediaGrant(camera.uidd, 'still', status === undefined || Boolean(time));
  const src =
    size === 'thumb'
      ? `${stillPaths.thumb(camera.owner, camera.deviceId, grant ?? '')}?t=${time}`
      : stillPaths.still(camera.uidd, time / 1000, grant ?? '');
  // The grant is on its way: nothing yet rather than a request bound to fail.
  if (time && !grant) return <div className="absolute inset-0 bg-neutral-900" />;
  if (!time || failed === src)
    return (
      <div className="absolute inset-0 flex items-center justify-center bg-neutral-900 text-sm text-red-500">
        {t('cameras.noImage')}
      </div>
    );
  return (
    <img
      src={src}
      alt=""
      className="absolute inset-0 h-full w-full object-contain"
      onError={() => setFailed(src)}
      draggable={false}
    />
  );
}
