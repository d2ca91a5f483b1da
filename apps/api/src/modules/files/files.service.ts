import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { FileUploadFieldsSchema, JEWELRY_WEEK_UPLOAD_FOLDER, rejectNulCharacters, type UploadedFile } from '@mirror/contract';
import { AppError } from '../../lib/errors';
import { fileUrl, type StorageDriver } from '../../lib/storage/storage';
import type { Actor } from '../../plugins/auth';
import { EXTENSION_BY_TYPE, sniffContentType } from './sniff';
import { createImageQueue, type ImageQueue } from './image-queue';

/** WebP renditions made for every uploaded image (only those narrower than the original). */
export const DERIVATIVE_WIDTHS = [480, 960, 1600] as const;
/**
 * Decompression bombs (issue 14): the declared size is read from the header before anything is decoded,
 * and refused above these bounds (413); libvips is also told the same bound, so a header that lies fails
 * too. 24 MP is a 6000 × 4000 photograph, far more than a submission needs; 40 MP covers a
 * studio camera's full frame for signed-in users.
 */
export const MAX_INPUT_PIXELS = { anonymous: 24_000_000, signedIn: 40_000_000 } as const;

export interface UploadInput {
  actor: Actor | null;
  /** Raw text fields of the multipart form. */
  fields: Record<string, unknown>;
  file: Buffer | null;
}

const unreadable = () =>
  new AppError('UNSUPPORTED_FILE_TYPE', 'This image could not be read. Upload a valid JPEG, PNG, WebP or AVIF file.');

export function createFilesService({
  storage,
  allowedBuckets,
  imageQueue = createImageQueue(),
}: {
  storage: StorageDriver;
  allowedBuckets: readonly string[];
  imageQueue?: ImageQueue;
}) {
  /** Checks the declared size (header only), then decodes once, in the queue, into every rendition. */
  async function renderDerivatives(original: Buffer, maxPixels: number): Promise<{ width: number; body: Buffer }[]> {
    let width: number;
    let height: number;
    try {
      const meta = await sharp(original, { limitInputPixels: false }).metadata();
      // sharp always reports the upright size (0 when it cannot tell).
      width = meta.autoOrient.width;
      height = meta.autoOrient.height;
      if (!width || !height) throw new Error('no size');
    } catch {
      throw unreadable();
    }
    if (width * height > maxPixels) {
      const mp = (v: number) => `${Math.round(v / 100_000) / 10} megapixels`;
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `This image is ${width} × ${height} pixels (${mp(width * height)}); the limit is ${mp(maxPixels)}.`,
        [{ path: 'file', message: `At most ${mp(maxPixels)}` }],
      );
    }
    const widths = DERIVATIVE_WIDTHS.filter((w) => w < width);
    const largest = widths.length ? widths[widths.length - 1]! : width;
    return imageQueue.run('renditions', async () => {
      try {
        // One decode of the original (EXIF orientation applied, metadata not copied), at the largest width;
        // the smaller renditions are made from that, not from the original again.
        const base = await sharp(original, { limitInputPixels: maxPixels, sequentialRead: true })
          .rotate()
          .resize({ width: largest, withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
        const out: { width: number; body: Buffer }[] = [];
        for (const w of widths.length ? widths : [width]) {
          const body = await sharp(base.data, raw).resize({ width: w, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
          out.push({ width: w, body });
        }
        return out;
      } catch {
        throw unreadable();
      }
    });
  }

  async function upload({ actor, fields, file }: UploadInput): Promise<UploadedFile> {
    // Multipart fields skip the route's validator, so the contract's NUL rule is applied here.
    const parsed = rejectNulCharacters(FileUploadFieldsSchema).safeParse(fields);
    if (!parsed.success) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Some fields are not valid.',
        parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })),
      );
    }
    const { bucketName, folderPath, description } = parsed.data;
    if (!allowedBuckets.includes(bucketName)) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
        { path: 'bucketName', message: `Bucket must be one of: ${allowedBuckets.join(', ')}` },
      ]);
    }
    if (!actor && folderPath !== JEWELRY_WEEK_UPLOAD_FOLDER) {
      throw new AppError('UNAUTHORIZED', `Please sign in to upload files. Visitors may only upload to ${JEWELRY_WEEK_UPLOAD_FOLDER}.`);
    }
    if (!file || file.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path: 'file', message: 'Attach a non-empty file' }]);
    }
    const contentType = sniffContentType(file);
    if (!contentType) {
      throw new AppError('UNSUPPORTED_FILE_TYPE', 'This file type is not accepted. Upload a JPEG, PNG, WebP, AVIF, PDF or GLB file.');
    }

    const derivatives = contentType.startsWith('image/')
      ? await renderDerivatives(file, actor ? MAX_INPUT_PIXELS.signedIn : MAX_INPUT_PIXELS.anonymous)
      : [];
    const base = `${bucketName}/${folderPath}/${randomUUID()}`;
    const key = `${base}.${EXTENSION_BY_TYPE[contentType]}`;
    const stored: string[] = [];
    try {
      for (const d of derivatives) {
        const dKey = `${base}-w${d.width}.webp`;
        await storage.put(dKey, d.body, 'image/webp');
        stored.push(dKey);
      }
      // The original goes last: when it exists, its renditions exist too.
      await storage.put(key, file, contentType);
    } catch (err) {
      await Promise.allSettled(stored.map((k) => storage.delete(k)));
      throw err;
    }
    return {
      key,
      url: fileUrl(key),
      size: file.length,
      contentType,
      description,
      derivatives: derivatives.map((d) => ({ width: d.width, url: fileUrl(`${base}-w${d.width}.webp`) })),
    };
  }

  return { upload };
}

export type FilesService = ReturnType<typeof createFilesService>;
