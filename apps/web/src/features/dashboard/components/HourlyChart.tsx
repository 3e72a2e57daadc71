import '../../../shared/i18n/dashboard.texts.ts';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { axisTop, seriesColour } from '../hourly.ts';

/** The drawing's width before it is measured; then it is the figure's, so 11 px text stays 11 px (decision 0761). */
const W_DEFAULT = 720;
const H = 240;
/** Under this width the hours are labelled every 6 instead of every 3. */
const NARROW_W = 480;

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(W_DEFAULT);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(240, Math.round(el.clientWidth))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
const PAD = { left: 36, right: 8, top: 8, bottom: 28 };

/** Events per hour of the day, one stacked colour per camera, with a legend; the numbers are in titles too. */
export function HourlyChart({ series }: { series: { name: string; counts: number[] }[] }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const W = useWidth(frame);
  const every = W < NARROW_W ? 6 : 3;
  const top = axisTop(series.map((s) => s.counts));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const bw = plotW / 24;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = [0, top / 2, top];
  return (
    <figure className="rounded-lg border border-neutral-200 bg-white p-3">
      <figcaption className="mb-2 text-sm font-medium">{t('dashboard.chartTitle')}</figcaption>
      <div ref={frame}>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="h-auto w-full"
          role="img"
          aria-label={t('dashboard.chartTitle')}
        >
          {ticks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e5e5e5" />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#525252">
                {Math.round(v)}
              </text>
            </g>
          ))}
          {Array.from({ length: 24 }, (_, h) => {
            let base = 0;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the hour is the bar's identity
              <g key={h} data-testid="hour-bar" data-hour={h}>
                {series.map((s, i) => {
                  const v = s.counts[h] ?? 0;
                  if (!v) return null;
                  const rect = (
                    <rect
                      key={s.name}
                      x={PAD.left + h * bw + 2}
                      width={bw - 4}
                      y={y(base + v)}
                      height={y(base) - y(base + v)}
                      fill={seriesColour(i)}
                    >
                      <title>{t('dashboard.barTitle', { camera: s.name, hour: h, count: v })}</title>
                    </rect>
                  );
                  base += v;
                  return rect;
                })}
                {h % every === 0 && (
                  <text
                    x={PAD.left + h * bw + bw / 2}
                    y={H - 10}
                    textAnchor="middle"
                    fontSize="11"
                    fill="#525252"
                  >
                    {String(h).padStart(2, '0')}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="mt-2 flex flex-wrap gap-3 text-sm">
        {series.map((s, i) => (
          <li key={s.name} className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: seriesColour(i) }} />
            {s.name} ({s.counts.reduce((a, b) => a + b, 0)})
          </li>
        ))}
      </ul>
    </figure>
  );
}
