import type { Product, UploadedFile } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import {
  editorImageOf,
  editorImageOfUpload,
  fileProblem,
  isGeneratedImage,
  keyOfUrl,
  sourceFor,
  splitDefaultRender,
  urlOfKey,
} from './images';

const ID = '0b7c1d3e-1111-4a2b-8c3d-123456789abc';

function apiImage(keys: [string, number, number][], variant = 'front', alt = 'Ring'): Product['images'][number] {
  const srcset = keys.map(([key, width, height]) => ({ url: urlOfKey(key), width, height }));
  return { variant, alt, url: srcset[0]!.url, width: srcset[0]!.width, height: srcset[0]!.height, srcset };
}

describe('file keys and URLs', () => {
  it('reads the key back from the API’s file URL, relative or absolute', () => {
    expect(keyOfUrl('/api/files/mirror-storage/products/uploads/a%20b.png')).toBe('mirror-storage/products/uploads/a b.png');
    expect(keyOfUrl('https://shop.example/api/files/mirror-storage/public/x.webp')).toBe('mirror-storage/public/x.webp');
    expect(keyOfUrl('/images/x.webp')).toBeNull();
    expect(urlOfKey('mirror-storage/products/uploads/a b.png')).toBe('/api/files/mirror-storage/products/uploads/a%20b.png');
  });
});

describe('the default studio render', () => {
  const render = [
    apiImage([
      [`mirror-storage/products/${ID}-front-320.webp`, 320, 400],
      [`mirror-storage/products/${ID}-front-640.webp`, 640, 800],
    ]),
    apiImage([[`mirror-storage/products/${ID}-detail-640.webp`, 640, 800]], 'detail', 'Ring, detail'),
  ];
  const photo = apiImage(
    [['mirror-storage/products/uploads/1b4e28ba-2fa1-11d2-883f-0016d3cca427-w480.webp', 480, 360]],
    'photo',
    'On the hand',
  );

  it('is what a piece with generated images only shows: kept apart from the editable list', () => {
    const { defaultRender, uploaded } = splitDefaultRender({ images: render });
    expect(uploaded).toEqual([]);
    expect(defaultRender).toHaveLength(2);
    expect(defaultRender[0]!.sources).toEqual([
      { key: `mirror-storage/products/${ID}-front-320.webp`, width: 320, height: 400 },
      { key: `mirror-storage/products/${ID}-front-640.webp`, width: 640, height: 800 },
    ]);
    expect(defaultRender.every(isGeneratedImage)).toBe(true);
  });

  it('is not split off once a photograph is among the images (nothing saved is dropped)', () => {
    const { defaultRender, uploaded } = splitDefaultRender({ images: [photo, render[0]!] });
    expect(defaultRender).toEqual([]);
    expect(uploaded.map((i) => i.alt)).toEqual(['On the hand', 'Ring']);
    expect(isGeneratedImage(uploaded[0]!)).toBe(false);
  });

  it('leaves a piece without images with neither', () => {
    expect(splitDefaultRender({ images: [] })).toEqual({ defaultRender: [], uploaded: [] });
  });

  it('falls back to the main URL when an image has no srcset', () => {
    const image = { ...apiImage([[`mirror-storage/products/${ID}-front-640.webp`, 640, 800]]), srcset: [] };
    expect(editorImageOf(image)?.sources).toEqual([{ key: `mirror-storage/products/${ID}-front-640.webp`, width: 640, height: 800 }]);
  });
});

describe('an uploaded photograph', () => {
  const upload: UploadedFile = {
    key: 'mirror-storage/products/uploads/abc.png',
    url: '/api/files/mirror-storage/products/uploads/abc.png',
    size: 1234,
    contentType: 'image/png',
    description: '',
    derivatives: [
      { width: 480, url: '/api/files/mirror-storage/products/uploads/abc-w480.webp' },
      { width: 960, url: '/api/files/mirror-storage/products/uploads/abc-w960.webp' },
    ],
  };

  it('is saved as its WebP renditions, heights from the original’s proportions', () => {
    expect(editorImageOfUpload(upload, { width: 2000, height: 1500 }, 'Aurora ring')).toEqual({
      variant: 'photo',
      alt: 'Aurora ring',
      sources: [
        { key: 'mirror-storage/products/uploads/abc-w480.webp', width: 480, height: 360 },
        { key: 'mirror-storage/products/uploads/abc-w960.webp', width: 960, height: 720 },
      ],
    });
  });

  it('uses the original when the API made no rendition', () => {
    expect(editorImageOfUpload({ ...upload, derivatives: [] }, { width: 300, height: 200 }, '').sources).toEqual([
      { key: upload.key, width: 300, height: 200 },
    ]);
  });

  it('shows the smallest rendition wide enough for the slot', () => {
    const image = editorImageOfUpload(upload, { width: 2000, height: 1500 }, '');
    expect(sourceFor(image, 320)?.width).toBe(480);
    expect(sourceFor(image, 1200)?.width).toBe(960);
  });
});

describe('fileProblem', () => {
  it('refuses what the files API would refuse, before sending it', () => {
    expect(fileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toMatch(/not a JPEG, PNG, WebP or AVIF/);
    expect(fileProblem(new File([], 'empty.jpg', { type: 'image/jpeg' }))).toMatch(/empty/);
  });
});
