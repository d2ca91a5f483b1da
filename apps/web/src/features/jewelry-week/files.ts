export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/pdf'];
export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.webp,.avif,.pdf,image/jpeg,image/png,image/webp,image/avif,application/pdf';

/** The first problem with the chosen portfolio files, or null when they can be sent. */
export function validateFiles(files: readonly Pick<File, 'name' | 'size' | 'type'>[]): string | null {
  if (files.length === 0) return 'Add at least one image or PDF of your work';
  if (files.length > MAX_FILES) return `At most ${MAX_FILES} files`;
  for (const file of files) {
    const isAccepted = ACCEPTED.includes(file.type) || /\.(jpe?g|png|webp|avif|pdf)$/i.test(file.name);
    if (!isAccepted) return `${file.name}: only images (JPEG, PNG, WebP, AVIF) or PDF files`;
    if (file.size > MAX_FILE_BYTES) return `${file.name} is larger than 25 MB`;
    if (file.size === 0) return `${file.name} is empty`;
  }
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
