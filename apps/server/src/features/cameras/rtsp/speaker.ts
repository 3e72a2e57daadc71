import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCameraUrl, TALKBACK_MAX_SECONDS } from '@vigil/contracts';
import { RtspConnection, RtspError } from './connection.ts';
import { interleaved, rtpPackets, SPEAKER_PACKET_MS } from './rtp.ts';
import { type SpeakerTrack, speakerTrack } from './sdp.ts';

export { RtspError };

/** How long the session stays after the last packet, for the camera's jitter buffer to play the end. */
const SPEAKER_TAIL_MS = 400;
/** The ONVIF Streaming Specification's feature tag for the audio back-channel. */
export const BACKCHANNEL_REQUIRE = 'www.onvif.org/ver20/backchannel';

/** A camera's speaker through its RTSP back-channel (decision 0709). */
export interface CameraSpeaker {
  /** At install: whether the stream offers a G.711 back-channel. Never throws. */
  detect(streamUrl: string): Promise<boolean>;
  /** Plays a clip (any format ffmpeg reads) out of the camera's speaker, paced in real time; its length in ms. */
  play(streamUrl: string, clip: Buffer): Promise<{ playedMs: number }>;
}

/**
 * ffmpeg's arguments turning a clip file into raw G.711 at 8 kHz mono on stdout, at most TALKBACK_MAX_SECONDS. A file,
 * not stdin: a phone's .m4a often keeps its index (moov) at the end, which a pipe cannot seek back to.
 */
export function speakerFfmpegArgs(encoding: SpeakerTrack['encoding'], input: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    input,
    '-vn',
    '-t',
    String(TALKBACK_MAX_SECONDS),
    '-ac',
    '1',
    '-ar',
    '8000',
    '-f',
    encoding === 'PCMU' ? 'mulaw' : 'alaw',
    'pipe:1',
  ];
}

export class RtspSpeaker implements CameraSpeaker {
  readonly #ffmpegPath: string;
  readonly #timeoutMs: number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(o: { ffmpegPath: string; timeoutMs: number; sleep?: (ms: number) => Promise<void> }) {
    this.#ffmpegPath = o.ffmpegPath;
    this.#timeoutMs = o.timeoutMs;
    this.#sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async detect(streamUrl: string): Promise<boolean> {
    try {
      const { connection, track } = await this.#describe(streamUrl);
      connection.close();
      return track !== null;
    } catch {
      return false;
    }
  }

  async play(streamUrl: string, clip: Buffer): Promise<{ playedMs: number }> {
    const { connection, track, url } = await this.#describe(streamUrl);
    try {
      if (!track) throw new RtspError('no_speaker', 'the camera offers no speaker');
      const samples = await this.#transcode(clip, track.encoding);
      const setup = await connection.request('SETUP', track.control, {
        Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1',
        Require: BACKCHANNEL_REQUIRE,
      });
      if (setup.status !== 200)
        throw new RtspError('refused', `SETUP of the speaker answered ${setup.status}`);
      const channel = Number(/interleaved=(\d+)/.exec(setup.headers.get('transport') ?? '')?.[1] ?? 0);
      const play = await connection.request('PLAY', url, { Require: BACKCHANNEL_REQUIRE, Range: 'npt=0-' });
      if (play.status !== 200) throw new RtspError('refused', `PLAY answered ${play.status}`);
      const packets = rtpPackets(samples, {
        payloadType: track.payloadType,
        ssrc: randomInt(2 ** 31),
        firstSequence: randomInt(2 ** 16),
        firstTimestamp: randomInt(2 ** 31),
      });
      // Real time: each 20 ms packet leaves when its sound is due, measured from the start (no drift).
      const start = Date.now();
      for (const [n, packet] of packets.entries()) {
        const due = start + n * SPEAKER_PACKET_MS - Date.now();
        if (due > 0) await this.#sleep(due);
        await connection.write(interleaved(channel, packet));
      }
      // The camera plays from a jitter buffer (a few hundred ms): the session stays until the tail has played.
      await this.#sleep(SPEAKER_TAIL_MS);
      await connection.request('TEARDOWN', url).catch(() => undefined);
      return { playedMs: Math.round((samples.length / track.clockRate) * 1000) };
    } finally {
      connection.close();
    }
  }

  async #describe(streamUrl: string) {
    const parsed = parseCameraUrl(streamUrl);
    if (!parsed.ok) throw new RtspError('refused', 'the camera address does not parse');
    const u = parsed.value;
    if (u.scheme !== 'rtsp')
      throw new RtspError('refused', 'the back-channel is spoken over plain RTSP only');
    const url = `rtsp://${u.host.includes(':') ? `[${u.host}]` : u.host}:${u.port}${u.path}`;
    const connection = await RtspConnection.open(u.host, u.port, {
      timeoutMs: this.#timeoutMs,
      credentials:
        u.username !== undefined ? { username: u.username, password: u.password ?? '' } : undefined,
    });
    try {
      const answer = await connection.request('DESCRIBE', url, {
        Accept: 'application/sdp',
        Require: BACKCHANNEL_REQUIRE,
      });
      // 551 Option not supported: a camera without the back-channel may say so instead of describing without it.
      if (answer.status !== 200) return { connection, track: null, url };
      const base = answer.headers.get('content-base') ?? url;
      return { connection, track: speakerTrack(answer.body, base), url };
    } catch (e) {
      connection.close();
      throw e;
    }
  }

  async #transcode(clip: Buffer, encoding: SpeakerTrack['encoding']): Promise<Uint8Array> {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-talk-'));
    try {
      const input = join(dir, 'clip');
      await writeFile(input, clip);
      return await this.#ffmpeg(speakerFfmpegArgs(encoding, input));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  #ffmpeg(args: string[]): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.#ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let err = '';
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => {
        const samples = Buffer.concat(out);
        if (code === 0 && samples.length > 0) resolve(samples);
        else
          reject(
            new RtspError(
              'bad_audio',
              `the clip is not sound ffmpeg reads: ${err.trim().split('\n')[0] ?? code}`,
            ),
          );
      });
    });
  }
}
