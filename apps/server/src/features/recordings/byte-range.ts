/** The bytes a `Range` header asks of a file of `size` bytes (RFC 9110 §14): inclusive `start` and `end`. */
export type ByteRange = { start: number; end: number };

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * One range of a `Range` header: the part of the file to send with 206, 'unsatisfiable' (416: it starts past the
 * end), or undefined to send the whole file with 200 (no header, a malformed one, or several ranges: a server may
 * ignore Range, and players ask for one). `bytes=a-b` (b past the end is cut to it), `bytes=a-`, `bytes=-n` (the
 * last n bytes).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header ? SINGLE.exec(header.trim()) : null;
  if (!m) return undefined;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return undefined;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  if (b !== '' && Number(b) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: b === '' ? size - 1 : Math.min(Number(b), size - 1) };
}
