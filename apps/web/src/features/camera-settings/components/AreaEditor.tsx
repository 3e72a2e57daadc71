import {
  ANALYTICS_AREA_MAX_NODES,
  type AnalyticsArea,
  type AnalyticsAreaKind,
  type Point,
} from '@vigil/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { fit, inputClass, primaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { addNode, areaProblemKey, arrowMove, moveNode, picturePoint } from '../area-drawing.ts';
import '../../../shared/i18n/settings.texts.ts';

/** The drawing's units: the 16:9 picture box. */
const VW = 160;
const VH = 90;

export interface AreaDraft {
  /** Absent: a new area. */
  id?: string;
  name: string;
  kind: AnalyticsAreaKind;
  points: Point[];
}

const pct = (v: number) => Math.round(v * 100);

interface AreaEditorProps {
  draft: AreaDraft;
  backdrop: string | null | undefined;
  others: readonly AnalyticsArea[];
  pending: boolean;
  error: string | undefined;
  onSave: (name: string, points: [number, number][]) => void;
  onCancel: () => void;
}

/**
 * One area drawn over a still of the camera (decision 0704). By pointer (mouse or touch): tap the picture to add
 * a node, drag a node to move it. By keyboard: "Add node" puts one on the outline, Tab reaches each node, the
 * arrows move it (Shift: further), Delete removes it. The shape rules are checked as it is drawn.
 */
export function AreaEditor({ draft, backdrop, others, pending, error, onSave, onCancel }: AreaEditorProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(draft.name);
  const [points, setPoints] = useState<Point[]>(draft.points);
  const nameId = useId();
  const problemId = useId();
  const problem = areaProblemKey(draft.kind, name, points);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!problem)
      onSave(
        name.trim(),
        points.map(([x, y]) => [x, y]),
      );
  };
  const full = points.length >= ANALYTICS_AREA_MAX_NODES;
  return (
    <form
      className="space-y-2 rounded-lg border border-neutral-300 p-3"
      onSubmit={onSubmit}
      data-testid="area-editor"
    >
      <label htmlFor={nameId} className="block text-sm font-medium">
        {t(`analyticsAreas.name.${draft.kind}`)}
        <input
          id={nameId}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          className={inputClass}
        />
      </label>
      <AreaCanvas
        kind={draft.kind}
        points={points}
        onChange={setPoints}
        backdrop={backdrop}
        others={others}
      />
      <p className="text-sm text-neutral-600">{t(`analyticsAreas.hint.${draft.kind}`)}</p>
      <p className="text-sm" aria-live="polite">
        {t('analyticsAreas.nodes', { count: points.length, max: ANALYTICS_AREA_MAX_NODES })}
      </p>
      <NodeButtons
        full={full}
        empty={points.length === 0}
        onAdd={() => setPoints(addNode(draft.kind, points))}
        onUndo={() => setPoints(points.slice(0, -1))}
      />
      {problem && (
        <p id={problemId} className="text-sm text-neutral-700">
          {t(problem)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={fit(primaryButton)}
          disabled={problem !== null || pending}
          aria-describedby={problem ? problemId : undefined}
        >
          {t('analyticsAreas.saveArea')}
        </button>
        <button type="button" className={smallButton} onClick={onCancel}>
          {t('analyticsAreas.cancel')}
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}

function NodeButtons(p: { full: boolean; empty: boolean; onAdd: () => void; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={smallButton} disabled={p.full} onClick={p.onAdd}>
        {t('analyticsAreas.addNode')}
      </button>
      <button type="button" className={smallButton} disabled={p.empty} onClick={p.onUndo}>
        {t('analyticsAreas.undoNode')}
      </button>
    </div>
  );
}

/** The picture with the area's nodes (focusable, movable by pointer and arrows) and the camera's other areas. */
function AreaCanvas({
  kind,
  points,
  onChange,
  backdrop,
  others,
}: {
  kind: AnalyticsAreaKind;
  points: Point[];
  onChange: (points: Point[]) => void;
  backdrop: string | null | undefined;
  others: readonly AnalyticsArea[];
}) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<number | null>(null);
  const at = (e: React.PointerEvent): Point | null => {
    const box = svg.current?.getBoundingClientRect();
    return box ? picturePoint(box, e.clientX, e.clientY) : null;
  };
  const onKey = (i: number) => (e: React.KeyboardEvent) => {
    const move = arrowMove(e.key, e.shiftKey);
    if (move) onChange(moveNode(points, i, move[0], move[1]));
    else if (e.key === 'Delete' || e.key === 'Backspace') onChange(points.filter((_, k) => k !== i));
    else return;
    e.preventDefault();
  };
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-neutral-700">
      <Backdrop src={backdrop} />
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a <fieldset>; it groups the nodes */}
      <svg
        ref={svg}
        viewBox={`0 0 ${VW} ${VH}`}
        preserveAspectRatio="none"
        className="absolute inset-0 h-full w-full cursor-crosshair touch-none"
        onPointerUp={(e) => {
          const p = at(e);
          if (drag.current !== null) drag.current = null;
          else if (p && points.length < ANALYTICS_AREA_MAX_NODES) onChange([...points, p]);
        }}
        onPointerMove={(e) => {
          const p = drag.current !== null && at(e);
          if (p) onChange(points.map((q, k) => (k === drag.current ? p : q)));
        }}
        role="group"
        aria-label={t('analyticsAreas.picture')}
      >
        {others.map((o) => (
          <Shape key={o.id} kind={o.kind} points={o.points} colour="#9CA3AF" />
        ))}
        <Shape kind={kind} points={points} colour="#E32747" />
        {points.map(([x, y], i) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG node cannot be a <button>; it acts as one
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: a node is its place in the outline
            key={i}
            role="button"
            tabIndex={0}
            aria-label={t('analyticsAreas.node', { n: i + 1, x: pct(x), y: pct(y) })}
            data-testid="area-node"
            cx={x * VW}
            cy={y * VH}
            r={4}
            fill="white"
            fillOpacity={0.9}
            stroke="#E32747"
            strokeWidth={1}
            className="cursor-move focus:outline-none focus-visible:stroke-black"
            onKeyDown={onKey(i)}
            onPointerDown={(e) => {
              e.stopPropagation();
              (e.target as Element).setPointerCapture?.(e.pointerId);
              drag.current = i;
            }}
          />
        ))}
      </svg>
    </div>
  );
}

function Backdrop({ src }: { src: string | null | undefined }) {
  const { t } = useTranslation();
  if (src) return <img src={src} alt="" className="absolute inset-0 h-full w-full object-cover" />;
  return (
    <p className="absolute inset-0 flex items-center justify-center text-sm text-neutral-200">
      {src === null ? t('analyticsAreas.noStill') : t('app.loading')}
    </p>
  );
}

/** A zone as a filled polygon (an outline while it has under 3 corners), a line as a polyline with an arrow. */
export function Shape({
  kind,
  points,
  colour,
}: {
  kind: AnalyticsAreaKind;
  points: readonly Point[];
  colour: string;
}) {
  const pts = points.map(([x, y]) => `${x * VW},${y * VH}`).join(' ');
  if (kind === 'zone' && points.length >= 3)
    return <polygon points={pts} fill={colour} fillOpacity={0.25} stroke={colour} strokeWidth={0.6} />;
  return <polyline points={pts} fill="none" stroke={colour} strokeWidth={kind === 'line' ? 1.2 : 0.6} />;
}
