import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSlowestEndpoints } from '../api/support.ts';
import { Block } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** The server's slowest endpoints by p99 of their recent answers (the health screen; decision 0720). */
export function SlowestEndpoints() {
  const { t } = useTranslation();
  const endpoints = useSlowestEndpoints();
  if (!endpoints.data || endpoints.data.length === 0) return null;
  return (
    <Block title={t('healthScreen.endpoints')} id="health-endpoints">
      <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
        <table className="w-full text-sm">
          <thead className="text-left text-neutral-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('healthScreen.endpoint')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                p50
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                p99
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('healthScreen.requests')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {endpoints.data.map((e) => (
              <tr key={e.route}>
                <td className="break-all px-3 py-2 font-mono">{e.route}</td>
                <td className="px-3 py-2 text-right">{e.p50Ms} ms</td>
                <td className="px-3 py-2 text-right">{e.p99Ms} ms</td>
                <td className="px-3 py-2 text-right">{e.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Block>
  );
}
