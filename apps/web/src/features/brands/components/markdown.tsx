import { createElement, type ReactNode } from 'react';

/**
 * A safe subset of markdown to React elements, for brands' documents (decision 0820): headings, paragraphs, lists
 * (- * or 1.), links, **strong**, *emphasis* / _emphasis_. No HTML passes through: every text is a React text
 * node, and a link keeps only http(s), mailto or a path of this site as its address (anything else is plain text).
 */

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** The blocks of a document, line by line: a blank line ends a paragraph or list. */
export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = undefined;
  };
  for (const raw of markdown.replaceAll('\r\n', '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      const level = Math.min((heading[1] as string).length, 4) as 1 | 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, text: (heading[2] as string).trim() });
    } else if (bullet || numbered) {
      const ordered = !!numbered;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(((bullet ?? numbered)?.[1] ?? '').trim());
    } else if (list && /^\s+/.test(raw)) {
      // An indented line continues the list's last item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** Addresses a document may link to. */
export function safeHref(href: string): string | undefined {
  const h = href.trim();
  if (/^(https?:|mailto:)/i.test(h)) return h;
  if (h.startsWith('/') && !h.startsWith('//')) return h;
  return undefined;
}

const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*]+)\*|_([^_]+)_/g;

/** Links, strong and emphasis within a block's text, as React nodes. */
export function inline(text: string, key = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const k = `${key}.${n++}`;
    const [, label, href, strong, strong2, em, em2] = m;
    if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      out.push(
        safe ? (
          <a key={k} href={safe} className="font-medium text-accent-ink underline underline-offset-2">
            {inline(label, k)}
          </a>
        ) : (
          label
        ),
      );
    } else if (strong !== undefined || strong2 !== undefined)
      out.push(<strong key={k}>{inline(strong ?? strong2 ?? '', k)}</strong>);
    else out.push(<em key={k}>{inline(em ?? em2 ?? '', k)}</em>);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const HEADING_CLASS = {
  1: 'text-2xl font-semibold tracking-tight',
  2: 'mt-6 text-xl font-semibold',
  3: 'mt-4 text-lg font-semibold',
  4: 'mt-4 font-semibold',
} as const;

/** A document's blocks as elements. */
export function Markdown({ source }: { source: string }) {
  return (
    <>
      {parseBlocks(source).map((b, i) => {
        const key = `b${i}`;
        if (b.kind === 'heading')
          return createElement(
            `h${b.level}`,
            { key, className: HEADING_CLASS[b.level] },
            inline(b.text, key),
          );
        if (b.kind === 'paragraph')
          return (
            <p key={key} className="mt-3 leading-relaxed">
              {inline(b.text, key)}
            </p>
          );
        // A document is static: an item's place is its identity.
        const items = b.items.map((it, j) => {
          const k = `${key}.${j}`;
          return <li key={k}>{inline(it, k)}</li>;
        });
        return b.ordered ? (
          <ol key={key} className="mt-3 list-decimal space-y-1 pl-6">
            {items}
          </ol>
        ) : (
          <ul key={key} className="mt-3 list-disc space-y-1 pl-6">
            {items}
          </ul>
        );
      })}
    </>
  );
}
