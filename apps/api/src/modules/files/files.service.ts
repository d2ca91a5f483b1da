import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { FileUploadFieldsSchema, JEWELRY_WEEK_UPLOAD_FOLDER, rejectNulCharacters, type UploadedFile } from '@mirror/contract';
import { AppError } from '../../lib/errors';
import { fileUrl, type StorageDriver } from '../../lib/storage/storage';
import type { Actor } from '../../plugins/auth';
import { EXTENSION_BY_TYPE, sniffContentType } from './sniff';

/** WebP renditions made for every uploaded image (only those narrower than the original). */
export const DERIVATIVE_WIDTHS = [480, 960, 1600] as const;
// Decompression bombs: refuse images above ~100 megapixels before decoding them.
const MAX_INPUT_PIXELS = 100_000_000;

export interface UploadInput {
  actor: Actor | null;
  /** Raw text fields of the multipart form. */
  fields: Record<string, unknown>;
  file: Buffer | null;
}

export function createFilesService({ storage, allowedBuckets }: { storage: StorageDriver; allowedBuckets: readonly string[] }) {
  async function renderDerivatives(original: Buffer): Promise<{ width: number; body: Buffer }[]> {
    let width: number;
    try {
      const meta = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      width = meta.autoOrient?.width ?? meta.width ?? 0;
      if (!width) throw new Error('no width');
    } catch {
      throw new AppError('UNSUPPORTED_FILE_TYPE', 'This image could not be read. Upload a valid JPEG, PNG, WebP or AVIF file.');
    }
    const widths = DERIVATIVE_WIDTHS.filter((w) => w < width);
    if (widths.length === 0) widths.push(width as (typeof DERIVATIVE_WIDTHS)[number]);
    try {
      return await Promise.all(
        widths.map(async (w) => ({
          width: w,
          // rotate() applies the EXIF orientation; metadata (GPS included) is not copied.
          body: await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
        })),
      );
    } catch {
      throw new AppError('UNSUPPORTED_FILE_TYPE', 'This image could not be read. Upload a valid JPEG, PNG, WebP or AVIF file.');
    }
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
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path: 'bucketName', message: `Bucket must be one of: ${allowedBuckets.join(', ')}` }]);
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

    const derivatives = contentType.startsWith('image/') ? await renderDerivatives(file) : [];
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
