import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG built byte by byte whose header declares `width` × `height` (8-bit grey, or RGB with `channels: 3`);
 * only `rows` rows of zero pixels are actually compressed into it (0: a few bytes whatever it declares).
 * For hostile uploads: dimension bombs and decompression bombs.
 */
export function declaredPng(width: number, height: number, { rows = 0, channels = 1 }: { rows?: number; channels?: 1 | 3 } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(channels === 3 ? 2 : 0, 9); // colour type: RGB or grey
  const data = deflateSync(Buffer.alloc(rows * (width * channels + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
