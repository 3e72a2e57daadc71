/**
 * RTP for the camera's speaker (RFC 3550 header, RFC 3551 G.711 payload) sent interleaved on the RTSP connection
 * (RFC 2326 §10.12). Pure: the sender paces the packets.
 */

/** G.711 at 8 kHz: 160 samples (one byte each) make the usual 20 ms packet. */
export const SPEAKER_PACKET_SAMPLES = 160;
export const SPEAKER_PACKET_MS = 20;

export interface RtpStream {
  payloadType: number;
  ssrc: number;
  firstSequence: number;
  firstTimestamp: number;
}

/** One RTP packet per 20 ms of G.711 bytes; the first carries the marker bit (the start of a talk spurt). */
export function rtpPackets(samples: Uint8Array, s: RtpStream): Buffer[] {
  const packets: Buffer[] = [];
  for (let i = 0, n = 0; i < samples.length; i += SPEAKER_PACKET_SAMPLES, n++) {
    const payload = samples.subarray(i, i + SPEAKER_PACKET_SAMPLES);
    const packet = Buffer.alloc(12 + payload.length);
    packet[0] = 0x80; // version 2, no padding, no extension, no CSRC
    packet[1] = (n === 0 ? 0x80 : 0) | (s.payloadType & 0x7f);
    packet.writeUInt16BE((s.firstSequence + n) & 0xffff, 2);
    packet.writeUInt32BE((s.firstTimestamp + i) >>> 0, 4);
    packet.writeUInt32BE(s.ssrc >>> 0, 8);
    packet.set(payload, 12);
    packets.push(packet);
  }
  return packets;
}

/** `$`, the channel, the length, the packet: how RTP travels inside an RTSP connection. */
export function interleaved(channel: number, packet: Buffer): Buffer {
  const head = Buffer.from([0x24, channel, (packet.length >> 8) & 0xff, packet.length & 0xff]);
  return Buffer.concat([head, packet]);
}
