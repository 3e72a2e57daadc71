import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * One RTSP connection (RFC 2326) for what ffmpeg cannot do for us: the ONVIF back-channel, where the client
 * DESCRIBEs with a `Require` header and then sends RTP on the same connection. Requests one at a time; Basic and
 * Digest authentication (RFC 2617) answered once per 401; interleaved frames the camera sends (RTCP) skipped.
 * Credentials are secret: never log a request.
 */
export interface RtspAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

export class RtspError extends Error {
  /** 'no_speaker': no back-channel offered; 'bad_audio': the clip is not sound ffmpeg can read. */
  readonly kind: 'unreachable' | 'timeout' | 'unauthorised' | 'refused' | 'no_speaker' | 'bad_audio';
  constructor(kind: RtspError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface RtspCredentials {
  username: string;
  password: string;
}

export class RtspConnection {
  readonly #socket: Socket;
  readonly #timeoutMs: number;
  readonly #credentials: RtspCredentials | undefined;
  #buffer = Buffer.alloc(0);
  #cseq = 0;
  #session: string | undefined;
  #challenge: string | undefined;
  #waiting: { resolve: (answer: RtspAnswer) => void; reject: (e: Error) => void } | undefined;
  #failed: Error | undefined;

  private constructor(socket: Socket, timeoutMs: number, credentials: RtspCredentials | undefined) {
    this.#socket = socket;
    this.#timeoutMs = timeoutMs;
    this.#credentials = credentials;
    socket.on('data', (d: Buffer) => this.#read(d));
    socket.on('error', (e) => this.#fail(new RtspError('unreachable', e.message)));
    socket.on('close', () => this.#fail(new RtspError('unreachable', 'the camera closed the connection')));
  }

  static open(
    host: string,
    port: number,
    o: { timeoutMs: number; credentials?: RtspCredentials | undefined },
  ) {
    return new Promise<RtspConnection>((resolve, reject) => {
      const socket = connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new RtspError('timeout', `no connection within ${o.timeoutMs} ms`));
      }, o.timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.setNoDelay(true);
        resolve(new RtspConnection(socket, o.timeoutMs, o.credentials));
      });
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new RtspError('unreachable', e.message));
      });
    });
  }

  /** Sends a request and waits for its answer, authenticating once when the camera asks. */
  async request(method: string, url: string, headers: Record<string, string> = {}): Promise<RtspAnswer> {
    let answer = await this.#once(method, url, headers);
    if (answer.status === 401 && this.#credentials && !this.#challenge) {
      this.#challenge = answer.headers.get('www-authenticate');
      answer = await this.#once(method, url, headers);
    }
    if (answer.status === 401) throw new RtspError('unauthorised', 'the camera refused the credentials');
    const session = answer.headers.get('session');
    if (session) this.#session = session.split(';')[0]?.trim();
    return answer;
  }

  /** Writes bytes as they are (interleaved RTP); resolves when the socket took them. */
  write(bytes: Buffer): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    return new Promise((resolve, reject) => this.#socket.write(bytes, (e) => (e ? reject(e) : resolve())));
  }

  close(): void {
    this.#socket.destroy();
  }

  #once(method: string, url: string, headers: Record<string, string>): Promise<RtspAnswer> {
    if (this.#failed) return Promise.reject(this.#failed);
    const lines = [`${method} ${url} RTSP/1.0`, `CSeq: ${++this.#cseq}`, 'User-Agent: Vigil'];
    if (this.#session) lines.push(`Session: ${this.#session}`);
    const auth = this.#authorization(method, url);
    if (auth) lines.push(`Authorization: ${auth}`);
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting = undefined;
        reject(new RtspError('timeout', `${method}: no answer within ${this.#timeoutMs} ms`));
      }, this.#timeoutMs);
      this.#waiting = {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.#socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  #authorization(method: string, url: string): string | undefined {
    const c = this.#credentials;
    const challenge = this.#challenge;
    if (!c || !challenge) return undefined;
    if (/^basic/i.test(challenge))
      return `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`;
    const field = (name: string) => new RegExp(`${name}="?([^",]*)"?`, 'i').exec(challenge)?.[1];
    const realm = field('realm') ?? '';
    const nonce = field('nonce') ?? '';
    const md5 = (s: string) => createHash('md5').update(s).digest('hex');
    const ha1 = md5(`${c.username}:${realm}:${c.password}`);
    const ha2 = md5(`${method}:${url}`);
    const qop = field('qop');
    if (qop?.split(',').includes('auth')) {
      const cnonce = randomBytes(8).toString('hex');
      const response = md5(`${ha1}:${nonce}:00000001:${cnonce}:auth:${ha2}`);
      return `Digest username="${c.username}", realm="${realm}", nonce="${nonce}", uri="${url}", qop=auth, nc=00000001, cnonce="${cnonce}", response="${response}"`;
    }
    return `Digest username="${c.username}", realm="${realm}", nonce="${nonce}", uri="${url}", response="${md5(`${ha1}:${nonce}:${ha2}`)}"`;
  }

  #read(data: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, data]);
    for (;;) {
      if (this.#buffer[0] === 0x24) {
        // An interleaved frame from the camera (RTCP receiver reports): not ours to read.
        if (this.#buffer.length < 4) return;
        const size = 4 + this.#buffer.readUInt16BE(2);
        if (this.#buffer.length < size) return;
        this.#buffer = this.#buffer.subarray(size);
        continue;
      }
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map<string, string>();
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      const length = Number(headers.get('content-length') ?? 0);
      if (this.#buffer.length < end + 4 + length) return;
      const body = this.#buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.#buffer = this.#buffer.subarray(end + 4 + length);
      const status = Number(/^RTSP\/1\.0 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting?.resolve({ status, headers, body });
    }
  }

  #fail(e: Error): void {
    this.#failed ??= e;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.reject(e);
  }
}
