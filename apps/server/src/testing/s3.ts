import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver's surface used here (it ships no types). */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: { closeAllConnections(): void };
}
type S3rverClass = new (o: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
}) => S3rverServer;

/**
 * The credentials s3rver accepts: it checks the access key of every request, and a presigned URL's expiry, but
 * computes signatures of Signature Version 2 only (its V4 check, what the SDK sends, is a stub; decision 0856).
 */
export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  port: number;
  /** A client of its own: what the server holds, seen from outside the code under test. */
  client: S3Client;
  /** Stops answering (the port closes); the objects stay in its folder. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on loopback (s3rver: the S3 REST protocol, access keys checked, objects in a folder),
 * with one bucket made, for the segment store's tests (decision 0619).
 */
export async function startTestS3(bucket: string): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), 'vigil-s3-'));
  const make = (port: number) => new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  let server: S3rverServer | undefined = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_KEYS,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    port,
    client,
    async stop() {
      // As an outage looks to a client: open connections (keep-alive, a request under way) are cut too, not waited for.
      const closing = server?.close();
      server?.httpServer?.closeAllConnections();
      await closing;
      server = undefined;
    },
    async restart() {
      server = make(port);
      await server.run();
    },
    async close() {
      client.destroy();
      const closing = server?.close();
      server?.httpServer?.closeAllConnections();
      await closing;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
