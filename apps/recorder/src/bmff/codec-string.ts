/** RFC 6381 codec strings from sample-entry configuration boxes, for MSE's `video/mp4; codecs="..."`. */

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');

/** avcC: avc1.PPCCLL (profile, constraint flags, level). */
export function avcCodec(entry: string, avcC: Buffer): string {
  return `${entry}.${hex2(avcC[9] ?? 0)}${hex2(avcC[10] ?? 0)}${hex2(avcC[11] ?? 0)}`;
}

/** hvcC: hvc1.[space]profile.compat.(L|H)level[.constraints] (ISO/IEC 14496-15 annex E). */
export function hevcCodec(entry: string, hvcC: Buffer): string {
  const b = hvcC.subarray(8);
  const p = b[1] ?? 0;
  const space = ['', 'A', 'B', 'C'][p >> 6];
  const tier = p & 0x20 ? 'H' : 'L';
  const profile = p & 0x1f;
  let compat = b.readUInt32BE(2);
  let reversed = 0;
  for (let i = 0; i < 32; i++) {
    reversed = (reversed << 1) | (compat & 1);
    compat >>>= 1;
  }
  const constraints = [...b.subarray(6, 12)];
  while (constraints.length > 0 && constraints.at(-1) === 0) constraints.pop();
  const level = b[12] ?? 0;
  const tail = constraints.map((c) => `.${c.toString(16).toUpperCase()}`).join('');
  return `${entry}.${space}${profile}.${(reversed >>> 0).toString(16).toUpperCase()}.${tier}${level}${tail}`;
}

/** esds: mp4a.OTI.AOT, e.g. mp4a.40.2 for AAC-LC. */
export function mp4aCodec(esds: Buffer): string {
  let off = 12;
  let oti = 0x40;
  let aot = 2;
  const readLen = (): number => {
    let len = 0;
    for (let i = 0; i < 4; i++) {
      const byte = esds[off++] ?? 0;
      len = (len << 7) | (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    return len;
  };
  while (off < esds.length) {
    const tag = esds[off++];
    const len = readLen();
    if (tag === 0x03) {
      const flags = esds[off + 2] ?? 0;
      off +=
        3 + (flags & 0x80 ? 2 : 0) + (flags & 0x40 ? 1 + (esds[off + 3] ?? 0) : 0) + (flags & 0x20 ? 2 : 0);
    } else if (tag === 0x04) {
      oti = esds[off] ?? oti;
      off += 13;
    } else if (tag === 0x05) {
      const first = esds[off] ?? 0;
      aot = first >> 3;
      if (aot === 31) aot = 32 + (((first & 0x07) << 3) | ((esds[off + 1] ?? 0) >> 5));
      break;
    } else {
      off += len;
    }
  }
  return `mp4a.${oti.toString(16)}.${aot}`;
}
