import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CountsRow } from '../model.ts';

/** Colours of the cameras' bars, in turn (distinct in colour-blind palettes: Okabe–Ito). */
const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** Stacked bars of vehicles per bucket, one colour per camera (recharts; keyboard and screen-reader layer on). */
export function CountsChart({
  rows,
  cameras,
  label,
}: {
  rows: CountsRow[];
  cameras: string[];
  label: string;
}) {
  return (
    <figure
      className="mt-4 h-72 w-full rounded-lg border border-neutral-200 bg-white p-2 sm:h-96"
      aria-label={label}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} accessibilityLayer margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {cameras.map((name, i) => (
            <Bar
              key={name}
              dataKey={name}
              stackId="cameras"
              fill={COLOURS[i % COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
