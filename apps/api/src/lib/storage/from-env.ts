import path from 'node:path';
import type { Env } from '../../config/env';
import { createLocalDriver } from './local-driver';
import { createS3Driver } from './s3-driver';
import type { StorageDriver } from './storage';

/** S3-compatible storage when S3_BUCKET is set (the SDK is loaded only then); local disk under DATA_DIR/files otherwise. */
export async function createStorageFromEnv(env: Env): Promise<StorageDriver> {
  if (!env.S3_BUCKET) return createLocalDriver(path.join(env.DATA_DIR, 'files'));
  return createS3Driver({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
