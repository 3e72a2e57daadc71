import { describe, expect, it } from 'vitest';
import { interleaved, rtpPackets } from './rtp.ts';
import { speakerTrack } from './sdp.ts';

// The description GStreamer's ONVIF RTSP server gives (the simulator's camera with a speaker), cut to what matters.
const ONVIF_SDP = [
  'v=0',
  'o=- 1 1 IN IP4 127.0.0.1',
  's=Session streamed with GStreamer',
  't=0 0',
  'a=control:*',
  'm=video 0 RTP/AVP 96',
  'a=rtpmap:96 H264/90000',
  'a=control:stream=0',
  'a=recvonly',
  'm=audio 0 RTP/AVP 0',
  'a=rtpmap:0 PCMU/8000',
  'a=control:stream=1',
  'a=sendonly',
  '',
].join('\r\n');

describe('the speaker in a session description', () => {
  it('finds the send-only G.711 track and its address', () => {
    expect(speakerTrack(ONVIF_SDP, 'rtsp://10.0.0.5:554/main/')).toEqual({
      control: 'rtsp://10.0.0.5:554/main/stream=1',
      payloadType: 0,
      encoding: 'PCMU',
      clockRate: 8000,
    });
  });

  it('keeps absolute controls, reads PCMA by its static type, and ignores the camera’s own audio', () => {
    const sdp = [
      'v=0',
      'm=audio 0 RTP/AVP 97',
      'a=rtpmap:97 MPEG4-GENERIC/16000/1',
      'a=control:trackID=2',
      'a=recvonly',
      'm=audio 0 RTP/AVP 8',
      'a=control:rtsp://cam/back',
      'a=sendonly',
    ].join('\n');
    expect(speakerTrack(sdp, 'rtsp://cam/live')).toEqual({
      control: 'rtsp://cam/back',
      payloadType: 8,
      encoding: 'PCMA',
      clockRate: 8000,
    });
  });

  it('has none without a send-only track, or when the speaker takes only AAC', () => {
    expect(speakerTrack(ONVIF_SDP.replace('a=sendonly', 'a=recvonly'), 'rtsp://cam/')).toBeNull();
    const aac = 'v=0\nm=audio 0 RTP/AVP 97\na=rtpmap:97 MPEG4-GENERIC/16000/1\na=control:b\na=sendonly\n';
    expect(speakerTrack(aac, 'rtsp://cam/')).toBeNull();
  });
});

describe('RTP for the speaker', () => {
  it('cuts 20 ms packets with running sequence numbers and timestamps, the marker on the first', () => {
    const samples = new Uint8Array(400).fill(0xff);
    const packets = rtpPackets(samples, {
      payloadType: 0,
      ssrc: 0x01020304,
      firstSequence: 65535,
      firstTimestamp: 1000,
    });
    expect(packets.map((p) => p.length)).toEqual([172, 172, 92]);
    expect([...packets[0]!.subarray(0, 12)]).toEqual([0x80, 0x80, 0xff, 0xff, 0, 0, 0x03, 0xe8, 1, 2, 3, 4]);
    expect([...packets[1]!.subarray(0, 8)]).toEqual([0x80, 0x00, 0x00, 0x00, 0, 0, 0x04, 0x88]);
    expect([...interleaved(2, packets[2]!).subarray(0, 4)]).toEqual([0x24, 2, 0, 92]);
  });
});
