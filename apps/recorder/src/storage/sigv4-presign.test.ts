import { describe, expect, it } from 'vitest';
import { amzDate, presignGet } from './sigv4-presign.ts';

/**
 * The oracle: AWS's own worked example of a presigned GET, "Authenticating Requests: Using Query Parameters (AWS
 * Signature Version 4)", Amazon S3 API Reference (sigv4-query-string-auth.html): examplebucket/test.txt,
 * us-east-1, 2013-05-24T00:00:00Z, valid 86,400 s, signed with the documentation's example keys. Its expected
 * signature is copied from that page, not computed here.
 */
describe('presignGet (SigV4 query-string authentication)', () => {
  it('signs AWS’s documented example exactly as the documentation does', () => {
    const url = presignGet({
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      nowMs: Date.UTC(2013, 4, 24, 0, 0, 0),
      expiresSec: 86_400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs a path-style URL with a port and a session token as the AWS SDK’s own signer does', () => {
    // The expected signature was computed once, outside this code, with @smithy/signature-v4 (5.7.5, the signer
    // @aws-sdk/client-s3 uses; `presign` with x-amz-content-sha256 UNSIGNED-PAYLOAD neither signed nor hoisted, as
    // the SDK's S3 presigner sets it): a second implementation as the oracle for what AWS's example does not cover.
    const url = new URL(
      presignGet({
        url: 'http://127.0.0.1:9000/vigil-segments/region-a/u1.c1/main/2026-11-24/1700000000000.ab12.m4s',
        region: 'eu-west-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret/+x',
        sessionToken: 'tok/en+=',
        nowMs: Date.UTC(2026, 10, 24, 23, 5, 9),
        expiresSec: 60,
      }),
    );
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      '1d52fd5463882f5398aa3b7e4bee544348b583086b39b328d349ddef53bce0dd',
    );
  });

  it('formats the request time as SigV4 wants it', () => {
    expect(amzDate(Date.UTC(2026, 10, 24, 23, 5, 9, 456))).toBe('20261124T230509Z');
  });

  it('encodes a key’s reserved characters once and keeps its slashes; a session token is signed in', () => {
    const url = new URL(
      presignGet({
        url: 'http://127.0.0.1:9000/bucket/a%20b/c~d.m4s',
        region: 'eu-west-1',
        accessKeyId: 'K',
        secretAccessKey: 'S',
        sessionToken: 'tok/en+=',
        nowMs: 0,
        expiresSec: 60,
      }),
    );
    expect(url.pathname).toBe('/bucket/a%20b/c~d.m4s');
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('tok/en+=');
    expect(url.search).toContain('X-Amz-Security-Token=tok%2Fen%2B%3D&X-Amz-SignedHeaders=host');
  });
});
