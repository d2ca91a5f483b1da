import type { UploadContentType } from '@mirror/contract';

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/** ISO-BMFF `ftyp` box whose major or compatible brands name AVIF. */
function isAvif(buf: Buffer): boolean {
  if (buf.length < 16 || ascii(buf, 4, 8) !== 'ftyp') return false;
  const boxSize = buf.readUInt32BE(0);
  if (boxSize < 16 || boxSize > buf.length || boxSize % 4 !== 0) return false;
  const brands = [ascii(buf, 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(buf, i, i + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** Binary glTF 2.0: magic, version 2, and a declared length matching the file. */
function isGlb(buf: Buffer): boolean {
  return buf.length >= 20 && ascii(buf, 0, 4) === 'glTF' && buf.readUInt32LE(4) === 2 && buf.readUInt32LE(8) === buf.length;
}

/**
 * The content type by magic bytes, or null for anything not allowed (SVG, HTML, HEIC, executables…).
 * The client's file name and content type are never trusted.
 */
export function sniffContentType(buf: Buffer): UploadContentType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (isAvif(buf)) return 'image/avif';
  if (buf.length >= 8 && ascii(buf, 0, 5) === '%PDF-') return 'application/pdf';
  if (isGlb(buf)) return 'model/gltf-binary';
  return null;
}

export const EXTENSION_BY_TYPE: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
  'model/gltf-binary': 'glb',
};
