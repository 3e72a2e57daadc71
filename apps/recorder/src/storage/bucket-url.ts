/**
 * The URL of an object as a client outside this process reaches it (decision 0857): path style at a configured
 * S3-compatible endpoint (MinIO, Ceph, R2… as the SDK client is set up: `forcePathStyle`), else AWS's
 * virtual-hosted style in the region. Each key segment is kept as is here; the signer encodes it.
 */
export function bucketObjectUrl(
  endpoint: string | undefined,
  region: string,
  bucket: string,
  key: string,
): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  if (endpoint) return `${endpoint.replace(/\/+$/, '')}/${bucket}/${encoded}`;
  return `https://${bucket}.s3.${region}.amazonaws.com/${encoded}`;
}
