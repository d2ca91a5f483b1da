import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type StorageDriver, type StoredObject } from './storage';

export interface S3DriverOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, R2, Ceph…); AWS itself when undefined. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Objects in one S3 bucket; our storage key (`<bucket>/<folder>/<name>`) is the object key.
 * The SDK is imported here, lazily: it is large, and local-disk deployments never need it.
 */
export async function createS3Driver(options: S3DriverOptions): Promise<StorageDriver & { client: S3Client }> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import('@aws-sdk/client-s3');
  const isMissing = (err: unknown) =>
    err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? true,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, R2, s3rver…) do not all
    // understand the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async get(key): Promise<StoredObject | null> {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, contentType: res.ContentType ?? 'application/octet-stream', size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
  };
}
