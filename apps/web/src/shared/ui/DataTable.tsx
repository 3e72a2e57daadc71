import type { ReactNode } from 'react';

/** A cell's padding; a figure's cell is also right-aligned in digits of one width, so columns of counts line up. */
export const CELL = 'px-3 py-2';
export const FIGURE_CELL = `${CELL} text-right tabular-nums`;
/** A body row, and its first cell: the header of the row (what the figures beside it are of). */
export const ROW = 'border-t border-neutral-100';
export const ROW_HEAD = `${CELL} text-left font-normal`;

/** A column's header: its text, and whether it holds figures (right-aligned like them). */
export interface Heading {
  text: string;
  figure?: boolean;
}

/**
 * A report's table (the figures a chart would show, readable by a screen reader): a caption, a header cell a column,
 * the rows as `children` (ROW rows, a ROW_HEAD header first); it scrolls sideways inside itself on a phone.
 */
export function DataTable({
  caption,
  testId,
  headings,
  children,
}: {
  caption: string;
  testId: string;
  headings: readonly Heading[];
  children: ReactNode;
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-neutral-200 bg-white">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="px-3 py-2 text-left font-medium">{caption}</caption>
        <thead className="bg-neutral-50">
          <tr>
            {headings.map((h) => (
              <th key={h.text} scope="col" className={`${CELL} ${h.figure ? 'text-right' : 'text-left'}`}>
                {h.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
