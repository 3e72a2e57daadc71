import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  stop(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Subject and text of a received e-mail (quoted-printable undone), read off the SMTP sink. */
export function readMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const subject = /^Subject: (.*)$/m.exec(raw.slice(0, split))?.[1]?.trim() ?? '';
  const qp = raw.slice(split + 4).replaceAll('=\r\n', '');
  const text = Buffer.from(
    qp.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  )
    .toString('utf8')
    .replaceAll('\r\n', '\n')
    .trim();
  return { subject, text };
}
