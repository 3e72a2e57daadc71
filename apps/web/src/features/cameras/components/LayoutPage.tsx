import '../../../shared/i18n/cameras.texts.ts';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { loadLayouts, removeLayout } from '../layouts.ts';
import { useCameraData } from '../use-camera-data.ts';
import { CameraGrid } from './CameraGrid.tsx';

/** /cameras/layouts/:id: a saved set of cameras in a grid (kept on this device). */
export function LayoutPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const to = useShellPath();
  const { id = '' } = useParams();
  const layout = loadLayouts().find((l) => l.id === id);
  usePageTitle(layout?.name ?? t('routes.cameraLayout'), brand.name);
  const { cameras, statuses } = useCameraData();
  const byId = new Map((cameras.data ?? []).map((c) => [c.uidd as string, c]));
  const shown = (layout?.uidds ?? []).flatMap((u) => byId.get(u) ?? []);
  return (
    <section className="mx-auto w-full max-w-[1400px] px-4 py-6 sm:px-6" data-route-id="cameraLayout">
      <Link className={`${linkClass} text-sm`} to={to(paths.cameras)}>
        ← {t('cameras.back')}
      </Link>
      {!layout ? (
        <>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('routes.cameraLayout')}</h1>
          <p className="mt-4">{t('cameras.layoutMissing')}</p>
        </>
      ) : (
        <>
          <div className="mt-2 mb-4 flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">{layout.name}</h1>
            <div className="flex gap-3 text-sm">
              <Link className={linkClass} to={to(`/cameras/presentations/${layout.id}`)}>
                {t('cameras.present')}
              </Link>
              <Link className={linkClass} to={to(paths.cameras)} onClick={() => removeLayout(layout.id)}>
                {t('cameras.delete')}
              </Link>
            </div>
          </div>
          <CameraGrid cameras={shown} statuses={statuses} columns={layout.columns} />
        </>
      )}
    </section>
  );
}
