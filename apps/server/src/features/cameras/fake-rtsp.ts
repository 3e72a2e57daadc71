import { createServer, type Server } from 'node:net';

/**
 * A TCP server that answers RTSP requests the way a camera refusing them would (401, 403, 404), or says nothing.
 * For the probe's failure categories; a real stream comes from the simulator (@vigil/simulator, packages/simulator).
 */
export async function fakeRtspServer(
  mode: 'silent' | '401' | '403' | '404',
): Promise<{ port: number; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', (d) => {
      const text = d.toString('latin1');
      requests.push(text);
      if (mode === 'silent') return;
      const cseq = /CSeq:\s*(\d+)/i.exec(text)?.[1] ?? '1';
      const status = { '401': '401 Unauthorized', '403': '403 Forbidden', '404': '404 Not Found' }[mode];
      const auth = mode === '401' ? 'WWW-Authenticate: Basic realm="camera"\r\n' : '';
      socket.write(`RTSP/1.0 ${status}\r\nCSeq: ${cseq}\r\n${auth}\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.unref();
      }),
  };
}
