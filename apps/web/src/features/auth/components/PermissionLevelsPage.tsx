import '../../../shared/i18n/permissions.texts.ts';
import { ACTION_GROUPS, type ActionGroup, LEVEL_ACTIONS, PERMISSION_LEVELS } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';

const GROUPS = Object.keys(ACTION_GROUPS) as ActionGroup[];

/**
 * Permission levels of additional users (spec 000 §6): the matrix of decision 0010, read from the contracts the
 * server enforces, as a table of actions (grouped as the spec groups them) by level.
 */
export function PermissionLevelsPage() {
  const { t } = useTranslation();
  const { brand, app } = useShell();
  usePageTitle(t('permissions.title'), brand.name);
  return (
    <article className={`mx-auto w-full px-4 py-8 ${app ? '' : 'max-w-3xl'}`}>
      <h1 className="text-2xl font-semibold tracking-tight">{t('permissions.title')}</h1>
      <p className="mt-2 text-neutral-700">{t('permissions.intro')}</p>
      {/*
        Should it not fit (large text), the table scrolls inside its box with the action names kept in view;
        `relative` keeps the cells' screen-reader texts inside that box too.
      */}
      <section
        aria-labelledby="matrix-caption"
        className="relative mt-6 overflow-x-auto rounded-lg border border-neutral-200 bg-white"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption id="matrix-caption" className="sr-only">
            {t('permissions.caption')}
          </caption>
          <thead className="bg-neutral-50">
            <tr>
              <th scope="col" className="sticky left-0 bg-neutral-50 px-2 py-2 font-medium sm:px-3">
                {t('permissions.action')}
              </th>
              {PERMISSION_LEVELS.map((l) => (
                <th
                  key={l}
                  scope="col"
                  className="px-1 py-2 text-center align-bottom text-xs font-medium sm:px-2 sm:text-sm"
                >
                  {t(`permissions.levels.${l}`)}
                </th>
              ))}
            </tr>
          </thead>
          {GROUPS.map((g) => (
            <tbody key={g}>
              <tr className="border-t border-neutral-200 bg-neutral-100">
                <th
                  scope="rowgroup"
                  colSpan={PERMISSION_LEVELS.length + 1}
                  className="px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-neutral-700 sm:px-3"
                >
                  {t(`permissions.groups.${g}`)}
                </th>
              </tr>
              {ACTION_GROUPS[g].map((a) => (
                <tr key={a} className="border-t border-neutral-200">
                  <th scope="row" className="sticky left-0 bg-white px-2 py-2 font-normal sm:px-3">
                    {t(`permissions.actions.${a}`)}
                  </th>
                  {PERMISSION_LEVELS.map((l) => (
                    <td key={l} className="px-1 py-2 text-center sm:px-2">
                      {LEVEL_ACTIONS[l].has(a) ? (
                        <>
                          <span aria-hidden="true" className="font-semibold text-green-700">
                            ✓
                          </span>
                          <span className="sr-only">{t('permissions.allowed')}</span>
                        </>
                      ) : (
                        <>
                          <span aria-hidden="true" className="text-neutral-400">
                            –
                          </span>
                          <span className="sr-only">{t('permissions.notAllowed')}</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </section>
      <h2 className="mt-8 text-lg font-semibold">{t('permissions.levelsTitle')}</h2>
      <dl className="mt-2 space-y-3">
        {PERMISSION_LEVELS.map((l) => (
          <div key={l}>
            <dt className="font-medium">{t(`permissions.levels.${l}`)}</dt>
            <dd className="text-neutral-700">{t(`permissions.descriptions.${l}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-sm text-neutral-700">{t('permissions.ownerNote')}</p>
    </article>
  );
}
