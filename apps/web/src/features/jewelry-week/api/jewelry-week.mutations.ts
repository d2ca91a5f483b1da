import { useMutation } from '@tanstack/react-query';
import type { EmailModels, QueuedEmail, UploadedFile } from '@mirror/contract';
import { JEWELRY_WEEK_UPLOAD_FOLDER, UPLOAD_DEFAULT_BUCKET } from '@mirror/contract/constants';
import { env } from '../../../config/env';
import { apiClient, uploadWithProgress } from '../../../lib/api-client';

export const UPLOAD_PATH = '/api/files/upload';
export const EMAIL_PATH = '/api/notifications/email';

export type SubmissionModel = Omit<EmailModels['JEWELRY_WEEK_SUBMISSION'], 'files'>;

export interface SubmissionInput {
  model: SubmissionModel;
  files: File[];
  captchaToken?: string;
  onProgress: (fraction: number) => void;
}

/** Files already uploaded in this visit: a retry after a failed email does not upload them again. */
const uploaded = new WeakMap<File, UploadedFile>();

/** Overall progress over several files, weighted by their size. */
export function overallProgress(sizes: readonly number[], index: number, loaded: number): number {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total === 0) return 1;
  const before = sizes.slice(0, index).reduce((a, b) => a + b, 0);
  return Math.min(1, (before + Math.min(loaded, sizes[index] ?? 0)) / total);
}

/** Upload each file to the jewelry-week folder, then write to the Maison and confirm to the designer. */
export function useSubmitJewelryWeek() {
  return useMutation({
    mutationFn: async ({ model, files, captchaToken, onProgress }: SubmissionInput) => {
      const sizes = files.map((f) => f.size);
      const results: UploadedFile[] = [];
      for (const [index, file] of files.entries()) {
        let result = uploaded.get(file);
        if (!result) {
          const form = new FormData();
          form.append('description', `Jewelry week submission — ${model.name}`.slice(0, 500));
          form.append('bucketName', UPLOAD_DEFAULT_BUCKET);
          form.append('folderPath', JEWELRY_WEEK_UPLOAD_FOLDER);
          form.append('file', file, file.name);
          result = await uploadWithProgress<UploadedFile>(UPLOAD_PATH, form, {
            onProgress: ({ loaded }) => onProgress(overallProgress(sizes, index, loaded)),
          });
          uploaded.set(file, result);
        }
        onProgress(overallProgress(sizes, index + 1, 0));
        results.push(result);
      }
      onProgress(1);
      const full = { ...model, files: results.map((r, i) => ({ url: r.url, name: files[i]!.name.slice(0, 200) })) };
      await apiClient.email<QueuedEmail>(EMAIL_PATH, {
        emailType: 'JEWELRY_WEEK_SUBMISSION',
        recipients: [env.brandInbox],
        model: full,
        captchaToken,
      });
      await apiClient.email<QueuedEmail>(EMAIL_PATH, {
        emailType: 'JEWELRY_WEEK_CONFIRMATION',
        recipients: [model.email],
        model: full,
        captchaToken,
      });
      return full;
    },
  });
}
