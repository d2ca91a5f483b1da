import type { ImageInput, Product, UploadedFile } from '@mirror/contract';

/**
 * A piece's images as the editor holds them: what `ImageInputSchema` takes (storage keys with
 * their sizes), read back from the API's image URLs or built from an upload's answer.
 */
export interface ImageSource {
  key: string;
  width: number;
  height: number;
}

export interface EditorImage {
  variant: string;
  alt: string;
  sources: ImageSource[];
}

/** What the files API accepts as an image (it decides by the bytes; this is the picker's filter). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** The API's default upload limit (UPLOAD_MAX_MB); a larger file is refused before it is sent. */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** ImageInputSchema's limit per piece. */
export const MAX_IMAGES = 20;
/** Where the back-office puts product photographs: the default bucket, a folder of their own. */
export const PRODUCT_IMAGE_FOLDER = 'products/uploads';

const FILES_PREFIX = '/api/files/';
// The studio render the API generates for a piece: mirror-storage/products/<product id>-<view>-<width>.webp
const GENERATED_KEY = /^mirror-storage\/products\/[0-9a-f-]{36}-[a-z]+-\d+\.webp$/;

/** The storage key behind a file URL (`/api/files/<key>`, optionally absolute); null for anything else. */
export function keyOfUrl(url: string): string | null {
  let path = url;
  if (/^https?:\/\//.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith(FILES_PREFIX)) return null;
  try {
    return path.slice(FILES_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/** The URL that serves a storage key (the API's own `fileUrl`). */
export function urlOfKey(key: string): string {
  return `${FILES_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function isGeneratedImage(image: EditorImage): boolean {
  return image.sources.length > 0 && image.sources.every((source) => GENERATED_KEY.test(source.key));
}

/** An API image (URLs) back into what the editor saves (keys). */
export function editorImageOf(image: Product['images'][number]): EditorImage | null {
  const sources = image.srcset.flatMap((source) => {
    const key = keyOfUrl(source.url);
    return key ? [{ key, width: source.width, height: source.height }] : [];
  });
  if (sources.length === 0) {
    const key = keyOfUrl(image.url);
    if (!key) return null;
    sources.push({ key, width: image.width, height: image.height });
  }
  return { variant: image.variant, alt: image.alt, sources };
}

/**
 * A piece with no photograph shows the studio render generated for it: that render is the default,
 * not part of the editable list. Once photographs are added they replace it; with all of them
 * removed, the render is saved again.
 */
export function splitDefaultRender(product: Pick<Product, 'images'>): { defaultRender: EditorImage[]; uploaded: EditorImage[] } {
  const images = product.images.map(editorImageOf).filter((image): image is EditorImage => image !== null);
  if (images.length > 0 && images.every(isGeneratedImage)) return { defaultRender: images, uploaded: [] };
  return { defaultRender: [], uploaded: images };
}

export function imageInputsOf(images: readonly EditorImage[]): ImageInput[] {
  return images.map((image) => ({
    variant: image.variant,
    alt: image.alt.trim(),
    sources: image.sources.map(({ key, width, height }) => ({ key, width, height })),
  }));
}

/**
 * The image to save for an upload: its WebP renditions (the API makes them at 480/960/1600 px, never
 * wider than the original) with heights from the original's proportions, which the API does not return.
 */
export function editorImageOfUpload(file: UploadedFile, natural: { width: number; height: number }, alt: string): EditorImage {
  const ratio = natural.height / natural.width;
  const sources = file.derivatives.flatMap((derivative) => {
    const key = keyOfUrl(derivative.url);
    return key ? [{ key, width: derivative.width, height: Math.max(1, Math.round(derivative.width * ratio)) }] : [];
  });
  if (sources.length === 0) sources.push({ key: file.key, width: natural.width, height: natural.height });
  return { variant: 'photo', alt, sources };
}

/** The rendition to show at about `width` CSS pixels (the smallest at least that wide, else the largest). */
export function sourceFor(image: EditorImage, width: number): ImageSource | undefined {
  const sorted = [...image.sources].sort((a, b) => a.width - b.width);
  return sorted.find((source) => source.width >= width) ?? sorted[sorted.length - 1];
}

/** Why a file cannot be uploaded, before sending it; null when it may go. */
export function fileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a JPEG, PNG, WebP or AVIF image.`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** The picture's size in pixels as shown (EXIF orientation applied, as the API's renditions are). */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      if (size.width > 0 && size.height > 0) return size;
    } catch {
      // AVIF and some JPEGs fail here in older browsers; the <img> decoder below is more lenient.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () =>
        img.naturalWidth > 0 ? resolve({ width: img.naturalWidth, height: img.naturalHeight }) : reject(new Error('empty image'));
      img.onerror = () => reject(new Error('This image could not be read.'));
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
