/** Iterates the child boxes inside `data` from `start` (for container boxes: moov, trak, moof, traf...). */
export function* children(data: Buffer, start = 8): Generator<{ type: string; data: Buffer }> {
  let off = start;
  while (off + 8 <= data.length) {
    let size = data.readUInt32BE(off);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(off + 8));
      header = 16;
    } else if (size === 0) {
      size = data.length - off;
    }
    if (size < header || off + size > data.length) return;
    yield { type: data.toString('latin1', off + 4, off + 8), data: data.subarray(off, off + size) };
    off += size;
  }
}

export function child(data: Buffer, type: string, start = 8): Buffer | undefined {
  for (const c of children(data, start)) if (c.type === type) return c.data;
  return undefined;
}

/** Follows a path of container boxes: path(moov, 'trak', 'mdia', 'mdhd'). */
export function path(data: Buffer, ...types: string[]): Buffer | undefined {
  let cur: Buffer | undefined = data;
  for (const t of types) {
    if (!cur) return undefined;
    cur = child(cur, t);
  }
  return cur;
}
