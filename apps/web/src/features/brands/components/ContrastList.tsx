import { type BrandTheme, contrastPasses, contrastRatio, HEX_COLOUR, themePairs } from '@vigil/contracts';
import { useBrandsT } from '../i18n/index.ts';

/** Each text-on-background pair of the theme with its ratio as it is typed; the server refuses under 4.5. */
export function ContrastList({ theme }: { theme: BrandTheme }) {
  const tb = useBrandsT();
  const pairs = themePairs(theme).filter((p) => HEX_COLOUR.test(p.text) && HEX_COLOUR.test(p.background));
  return (
    <section aria-labelledby="brand-contrast" className="space-y-1">
      <h3 id="brand-contrast" className="font-semibold">
        {tb('contrast')}
      </h3>
      <ul className="space-y-1 text-sm">
        {pairs.map((p) => {
          const ok = contrastPasses(p.text, p.background);
          return (
            <li key={p.pair} className="flex flex-wrap items-center gap-2">
              <span
                aria-hidden="true"
                className="rounded px-2 py-0.5 text-xs font-semibold"
                style={{ color: p.text, backgroundColor: p.background }}
              >
                Aa
              </span>
              <span>
                {tb('contrastPair', {
                  pair: p.pair,
                  ratio: contrastRatio(p.text, p.background).toFixed(2),
                })}
              </span>
              <span className={ok ? 'text-green-800' : 'font-medium text-red-700'}>
                {ok ? tb('contrastPasses') : tb('contrastFails')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
