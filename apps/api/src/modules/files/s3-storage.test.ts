import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from '../../../test/helpers';
import { createS3Driver } from '../../lib/storage/s3-driver';
import type { UploadedFile } from '@mirror/contract';

// A real S3-compatible server (s3rver) on loopback; the app picks the S3 driver from S3_* env.
const BUCKET = 'mirror-test-bucket';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
// Unset when beforeAll fails early: afterAll still removes the directory.
let s3: S3rver | undefined;
let dir: string;
let endpoint: string;
let client: S3Client;
let t: TestApp | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mirror-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  t = await buildTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    UPLOAD_MAX_MB: '0.2',
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

async function upload(body: Buffer, token: string) {
  const form = new FormData();
  form.append('description', 'S3 round trip');
  form.append('file', new Blob([new Uint8Array(body)]), 'x.bin');
  const res = await fetch(`${t!.baseUrl}/api/files/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as UploadedFile };
}

describe('S3 storage driver (s3rver)', () => {
  it('is chosen from the environment', () => {
    expect(t!.storage.kind).toBe('s3');
  });

  it('stores an upload and its renditions in the bucket and serves them back through the API', async () => {
    const admin = await t!.loginAs('ADMIN');
    const original = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#c9b38a' } })
      .jpeg()
      .toBuffer();
    const res = await upload(original, admin.accessToken);
    expect(res.status).toBe(201);
    const { key, derivatives } = res.body;
    expect(await objectKeys()).toEqual(
      expect.arrayContaining([key, ...derivatives.map((d) => decodeURIComponent(d.url.replace('/api/files/', '')))]),
    );

    const direct = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(direct.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await direct.Body!.transformToByteArray()).equals(original)).toBe(true);

    const served = await fetch(t!.baseUrl + res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
    expect((await fetch(t!.baseUrl + derivatives[0]!.url)).headers.get('content-type')).toBe('image/webp');
  });

  it('answers 413 with nothing written to the bucket', async () => {
    const admin = await t!.loginAs('ADMIN');
    const before = await objectKeys();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300 * 1024, 2)]);
    const res = await upload(big, admin.accessToken);
    expect(res.status).toBe(413);
    expectErrorShape(res.body, 413, 'PAYLOAD_TOO_LARGE');
    expect(await objectKeys()).toEqual(before);
  });

  it('puts, reads, checks, deletes, and reports missing keys as absent', async () => {
    const driver = await createS3Driver({ bucket: BUCKET, region: 'us-east-1', endpoint, credentials: CREDENTIALS });
    const key = 'mirror-storage/public/driver-check.pdf';
    await driver.put(key, Buffer.from('%PDF-1.4 hello'), 'application/pdf');
    expect(await driver.exists(key)).toBe(true);
    const got = await driver.get(key);
    expect(got?.contentType).toBe('application/pdf');
    expect(got?.size).toBe(14);
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4 hello');
    await driver.delete(key);
    expect(await driver.exists(key)).toBe(false);
    expect(await driver.get(key)).toBeNull();
    expect((await t!.request(`/api/files/${key}`)).status).toBe(404);
    await expect(driver.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
  });
});
