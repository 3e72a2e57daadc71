import '../../../shared/i18n/cameras.texts.ts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { can, useCamera } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { useLicences } from '../api/licences.ts';
import { useStreamConfig } from '../api/stream-config.ts';
import { AnalyticsSection } from './AnalyticsSection.tsx';
import { AreasSection } from './AreasSection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { EncoderSection } from './EncoderSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { PtzSection } from './PtzSection.tsx';
import { RecordingSection } from './RecordingSection.tsx';
import { ScheduleSection } from './ScheduleSection.tsx';
import { Section } from './Section.tsx';
import { SoundSection } from './SoundSection.tsx';
import '../../../shared/i18n/settings.texts.ts';

/**
 * /cameras/:uidd/settings: a camera's settings (spec 000 §2, 001 §7): name and tags, recording, schedule,
 * analytics, analytics areas and rules, PTZ presets, the person's notifications, and what the route composes in (motion settings). What the person may change follows their
 * permission on the camera (settings: camera, rename); the rest shows read-only.
 */
export function CameraSettingsPage({ extra }: { extra?: (uidd: string, name: string) => ReactNode }) {
  const { t } = useTranslation();
  const { brand } = useShell();
  const to = useShellPath();
  const { uidd = '' } = useParams();
  const camera = useCamera(uidd);
  const cam = camera.data;
  usePageTitle(cam ? t('cameraSettings.title', { camera: cam.name }) : t('routes.settings'), brand.name);
  if (camera.isPending) return <p className="p-6 text-neutral-600">{t('app.loading')}</p>;
  if (!cam)
    return (
      <section className="mx-auto max-w-[1200px] px-4 py-6">
        <h1 className="text-2xl font-semibold tracking-tight">{t('routes.cameraSettings')}</h1>
        <p className="mt-2">{t('cameras.notFound')}</p>
        <Link className={linkClass} to={to(paths.settings)}>
          {t('cameraSettings.allCameras')}
        </Link>
      </section>
    );
  const settingsRight = can(cam, 'cameraSettings');
  return (
    <section
      className="mx-auto w-full max-w-[800px] space-y-4 px-4 py-6 sm:px-6"
      data-route-id="cameraSettings"
    >
      <Link className={`${linkClass} text-sm`} to={to(paths.camera(uidd))}>
        ← {cam.name}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">
        {t('cameraSettings.title', { camera: cam.name })}
      </h1>
      {!settingsRight && (
        <p className="rounded-md bg-neutral-100 p-2 text-sm">{t('cameraSettings.readOnly')}</p>
      )}
      <DetailsSection camera={cam} canRename={can(cam, 'rename')} canTag={settingsRight} />
      <RecordingSection uidd={uidd} canChange={settingsRight} />
      <StreamNote uidd={uidd} />
      <EncoderSection uidd={uidd} canChange={settingsRight} />
      <SoundSection uidd={uidd} canChange={settingsRight} />
      <PlanNote owner={cam.owner} />
      {settingsRight && extra && (
        <Section title={t('cameraSettings.motion')}>{extra(uidd, cam.name)}</Section>
      )}
      <ScheduleSection uidd={uidd} timeZone={cam.timezoneName} canChange={settingsRight} />
      <AnalyticsSection uidd={uidd} canChange={settingsRight} />
      <AreasSection uidd={uidd} canChange={settingsRight} />
      {cam.ptzEnabled && can(cam, 'ptz') && <PtzSection uidd={uidd} />}
      <NotificationsSection uidd={uidd} />
    </section>
  );
}

/** What the account's plan allows, next to the settings it limits. */
function PlanNote({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const licences = useLicences(owner);
  if (!licences.data) return null;
  const l = licences.data;
  return (
    <p className="text-sm text-neutral-600">
      {t('cameraSettings.plan', {
        used: l.cloudCamerasUsed,
        max: l.cloudCameras,
        resolution: l.maxResolution,
      })}
    </p>
  );
}

/** What the camera sends (GET /cameras/stream/config, decision 0705), next to the recording settings it bounds. */
function StreamNote({ uidd }: { uidd: string }) {
  const { t } = useTranslation();
  const s = useStreamConfig(uidd).data?.settings;
  if (!s) return null;
  if (!s.width || !s.height)
    return <p className="text-sm text-neutral-600">{t('cameraSettings.streamUnknown')}</p>;
  return (
    <p className="text-sm text-neutral-600">
      {t('cameraSettings.streamSends', {
        size: `${s.width} × ${s.height}`,
        ratio: s.aspectRatio,
        fps: s.frameRate ?? '?',
        codec: s.videoCodec.toUpperCase(),
      })}{' '}
      {s.hasSubStream ? t('cameraSettings.streamWithSd') : t('cameraSettings.streamNoSd')}
    </p>
  );
}
