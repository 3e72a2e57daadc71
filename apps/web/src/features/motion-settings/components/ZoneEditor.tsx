import '../../../shared/i18n/motion.texts.ts';
import type { Point } from '@vigil/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { addPointProblem, type DraftZone, newZoneId, pointIn } from '../zones.ts';

/** The drawing's units: the 16:9 picture box, so corners stay round. */
const VW = 160;
const VH = 90;
const COLOURS = ['#E32747', '#0072B2', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#D55E00', '#6B7280'];

/**
 * Detection zones drawn over a still of the camera: "Add zone" then click the picture corner by corner (no
 * crossing lines, at most the max corners), "Finish" closes it; corners can be dragged; each zone has a unique
 * name. No zone means the whole picture.
 */
export function ZoneEditor({
  backdrop,
  zones,
  onChange,
}: {
  backdrop: string | null | undefined;
  zones: DraftZone[];
  onChange: (zones: DraftZone[]) => void;
}) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [drawing, setDrawing] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const drag = useRef<{ zone: number; point: number } | null>(null);
  const at = (e: React.PointerEvent): Point | null => {
    const r = svg.current?.getBoundingClientRect();
    return r ? pointIn(r, e.clientX, e.clientY) : null;
  };
  const setZone = (i: number, z: DraftZone) => onChange(zones.map((x, k) => (k === i ? z : x)));
  const onPictureClick = (e: React.PointerEvent) => {
    if (drawing === null || drag.current) return;
    const p = at(e);
    const zone = zones[drawing];
    if (!p || !zone) return;
    const why = addPointProblem(zone.points, p);
    setProblem(why);
    if (!why) setZone(drawing, { ...zone, points: [...zone.points, p] });
  };
  const btn =
    'rounded-md border border-neutral-300 bg-white px-2 py-1 text-sm hover:bg-neutral-50 disabled:opacity-50';
  return (
    <div data-testid="zone-editor">
      <div className="relative aspect-video overflow-hidden rounded-lg bg-neutral-700">
        {backdrop ? (
          <img
            src={backdrop}
            alt={t('motion.backdropAlt')}
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-neutral-200">
            {backdrop === null ? t('motion.noStill') : t('app.loading')}
          </p>
        )}
        <svg
          ref={svg}
          viewBox={`0 0 ${VW} ${VH}`}
          preserveAspectRatio="none"
          className={`absolute inset-0 h-full w-full ${drawing !== null ? 'cursor-crosshair' : ''}`}
          onPointerUp={(e) => {
            if (drag.current) drag.current = null;
            else onPictureClick(e);
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            const p = d && at(e);
            const zone = d && zones[d.zone];
            if (!d || !p || !zone) return;
            setZone(d.zone, { ...zone, points: zone.points.map((q, k) => (k === d.point ? p : q)) });
          }}
          role="img"
          aria-label={t('motion.zones')}
        >
          {zones.map((z, i) => {
            const colour = COLOURS[i % COLOURS.length];
            const pts = z.points.map(([x, y]) => `${x * VW},${y * VH}`).join(' ');
            return (
              <g key={z.id} data-testid="zone-shape">
                {z.points.length >= 3 && i !== drawing ? (
                  <polygon
                    points={pts}
                    fill={colour}
                    fillOpacity={0.25}
                    stroke={colour}
                    strokeWidth={0.004}
                  />
                ) : (
                  <polyline points={pts} fill="none" stroke={colour} strokeWidth={0.004} />
                )}
                {z.points.map(([x, y], k) => (
                  <circle
                    // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its place in the outline
                    key={k}
                    cx={x * VW}
                    cy={y * VH}
                    r={1.6}
                    fill="white"
                    stroke={colour}
                    strokeWidth={0.6}
                    className="cursor-move"
                    onPointerDown={(e) => {
                      e.stopPropagation();
                      (e.target as Element).setPointerCapture?.(e.pointerId);
                      drag.current = { zone: i, point: k };
                    }}
                  />
                ))}
              </g>
            );
          })}
        </svg>
      </div>
      {problem && (
        <p className="mt-1 text-sm text-red-600" role="alert">
          {t(problem)}
        </p>
      )}
      <ul className="mt-2 flex flex-col gap-2">
        {zones.map((z, i) => (
          <li key={z.id} className="flex flex-wrap items-center gap-2">
            <span
              className="inline-block h-3 w-3 rounded-sm"
              style={{ background: COLOURS[i % COLOURS.length] }}
            />
            <input
              aria-label={t('motion.zoneName')}
              value={z.name}
              maxLength={40}
              onChange={(e) => setZone(i, { ...z, name: e.target.value })}
              className="w-40 rounded border border-neutral-300 px-2 py-1 text-sm"
            />
            <span className="text-xs text-neutral-600">
              {t('motion.corners', { count: z.points.length })}
            </span>
            {drawing === i ? (
              <>
                <button
                  type="button"
                  className={btn}
                  disabled={z.points.length === 0}
                  onClick={() => setZone(i, { ...z, points: z.points.slice(0, -1) })}
                >
                  {t('motion.undoCorner')}
                </button>
                <button
                  type="button"
                  className={btn}
                  disabled={z.points.length < 3}
                  onClick={() => {
                    setDrawing(null);
                    setProblem(null);
                  }}
                >
                  {t('motion.finishZone')}
                </button>
              </>
            ) : null}
            <button
              type="button"
              className={btn}
              onClick={() => {
                onChange(zones.filter((_, k) => k !== i));
                setDrawing(null);
              }}
            >
              {t('motion.removeZone')}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${btn} mt-2`}
        disabled={drawing !== null || zones.length >= 8}
        onClick={() => {
          onChange([
            ...zones,
            { id: newZoneId(), name: t('motion.zoneDefaultName', { n: zones.length + 1 }), points: [] },
          ]);
          setDrawing(zones.length);
        }}
      >
        {t('motion.addZone')}
      </button>
      {drawing !== null && <p className="mt-1 text-sm text-neutral-600">{t('motion.drawHint')}</p>}
    </div>
  );
}
