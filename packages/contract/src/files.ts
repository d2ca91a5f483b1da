import { z } from 'zod';

import { JEWELRY_WEEK_UPLOAD_FOLDER, UPLOAD_DEFAULT_BUCKET, UPLOAD_DEFAULT_FOLDER } from './constants';

export { JEWELRY_WEEK_UPLOAD_FOLDER, UPLOAD_DEFAULT_BUCKET, UPLOAD_DEFAULT_FOLDER };

/** Decided by the file's content (magic bytes), never by its name or the client's content type. */
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'application/pdf',
  'model/gltf-binary',
] as const;
export const UploadContentTypeSchema = z.enum(UPLOAD_CONTENT_TYPES);
export type UploadContentType = z.infer<typeof UploadContentTypeSchema>;

// Multipart sends absent optional fields as empty strings; treat them as absent.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const BucketNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Bucket name may contain lowercase letters, digits and dashes only');

const FOLDER_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const FolderPathSchema = z
  .string()
  .trim()
  .max(200, 'Folder path is too long')
  .refine(
    (v) => !v.startsWith('/') && !v.startsWith('\\') && !/^[A-Za-z]:/.test(v),
    'Folder path must be relative (no leading / or drive letter)',
  )
  .refine((v) => !v.split(/[\\/]/).some((part) => part === '..' || part === '.'), 'Folder path must not contain . or .. segments')
  .transform((v) => v.replace(/\/+$/, ''))
  .refine((v) => {
    const parts = v.split('/');
    return parts.length <= 5 && parts.every((part) => FOLDER_SEGMENT.test(part));
  }, 'Folder path: up to 5 segments of letters, digits, dot, dash and underscore, separated by /');

/** The non-file fields of POST /api/files/upload (multipart/form-data, file part named `file`). */
export const FileUploadFieldsSchema = z.object({
  description: z.preprocess(blankToUndefined, z.string().trim().max(500, 'Description must be at most 500 characters').default('')),
  bucketName: z.preprocess(blankToUndefined, BucketNameSchema.default(UPLOAD_DEFAULT_BUCKET)),
  folderPath: z.preprocess(blankToUndefined, FolderPathSchema.default(UPLOAD_DEFAULT_FOLDER)),
});
export type FileUploadFields = z.infer<typeof FileUploadFieldsSchema>;

export const FileDerivativeSchema = z.object({
  width: z.number().int(),
  url: z.string(),
});

export const UploadedFileSchema = z.object({
  key: z.string(),
  url: z.string(),
  size: z.number().int(),
  contentType: UploadContentTypeSchema,
  description: z.string(),
  /** WebP renditions for images (smallest first); empty for PDF and GLB. */
  derivatives: z.array(FileDerivativeSchema),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
