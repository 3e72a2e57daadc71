import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';

const LEVELS = ['coowner', 'admin', 'readOnly', 'viewOnly', 'liveOnly', 'none'] as const;
const GROUPS = ['video', 'settings', 'notifications', 'other'] as const;

/**
 * Permission levels of additional users (spec 000 §6). Which level gets which action is the multi-user issue's
 * decision; this page names the levels and the action groups.
 */
export function PermissionLevelsPage() {
  const { t } = useTranslation();
  const { brand, app } = useShell();
  usePageTitle(t('permissions.title'), brand.name);
  return (
    <article className={`mx-auto w-full px-4 py-8 ${app ? '' : 'max-w-2xl'}`}>
      <h1 className="text-2xl font-semibold tracking-tight">{t('permissions.title')}</h1>
      <p className="mt-2 text-neutral-700">{t('permissions.intro')}</p>
      <div className="mt-6 overflow-x-auto rounded-lg border border-neutral-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-neutral-50">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('permissions.level')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('permissions.description')}
              </th>
            </tr>
          </thead>
          <tbody>
            {LEVELS.map((l) => (
              <tr key={l} className="border-t border-neutral-200">
                <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap">
                  {t(`permissions.levels.${l}`)}
                </th>
                <td className="px-4 py-2 text-neutral-700">{t(`permissions.descriptions.${l}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="mt-8 text-lg font-semibold">{t('permissions.groupsTitle')}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-neutral-700">
        {GROUPS.map((g) => (
          <li key={g}>{t(`permissions.groups.${g}`)}</li>
        ))}
      </ul>
    </article>
  );
}
