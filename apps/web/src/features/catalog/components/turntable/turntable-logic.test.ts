import { METAL_TYPES } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import { chooseStage, loadFraction, METALS, metalLabel, modelUrl, sceneViewerUrl, supportsSceneViewer } from './turntable-logic';

const ID = '4195708a-348c-4867-bd74-6716621aaac2';

describe('modelUrl', () => {
  it("asks for the piece's own model without a metal", () => {
    expect(modelUrl(ID)).toBe(`/api/products/${ID}/model.glb`);
    expect(modelUrl(ID, 'PLATINUM', 'PLATINUM')).toBe(`/api/products/${ID}/model.glb`);
  });
  it('asks for another metal with ?metal=', () => {
    expect(modelUrl(ID, 'ROSE_GOLD', 'PLATINUM')).toBe(`/api/products/${ID}/model.glb?metal=ROSE_GOLD`);
    expect(modelUrl(ID, 'SILVER')).toBe(`/api/products/${ID}/model.glb?metal=SILVER`);
  });
  it('escapes the id', () => {
    expect(modelUrl('a/b?c')).toBe('/api/products/a%2Fb%3Fc/model.glb');
  });
});

describe('metals', () => {
  it('offers the five metals, labelled', () => {
    expect(METALS.map(metalLabel)).toEqual(['Yellow gold', 'White gold', 'Rose gold', 'Platinum', 'Silver']);
  });
  it('are the contract’s metals, in its order', () => {
    expect(METALS).toEqual(METAL_TYPES);
  });
});

describe('chooseStage', () => {
  it('waits for the WebGL check, then shows the turntable only with WebGL and a model', () => {
    expect(chooseStage({ webgl: null, modelFailed: false })).toBe('checking');
    expect(chooseStage({ webgl: true, modelFailed: false })).toBe('turntable');
    expect(chooseStage({ webgl: true, modelFailed: true })).toBe('gallery');
    expect(chooseStage({ webgl: false, modelFailed: false })).toBe('gallery');
  });
});

describe('loadFraction', () => {
  it('is the share loaded, clamped, or null without a size', () => {
    expect(loadFraction(0, 200)).toBe(0);
    expect(loadFraction(50, 200)).toBe(0.25);
    expect(loadFraction(300, 200)).toBe(1);
    expect(loadFraction(50, 0)).toBeNull();
    expect(loadFraction(50, Number.NaN)).toBeNull();
  });
});

describe('View in your space', () => {
  it('is offered on Android only, never in a headless browser', () => {
    expect(supportsSceneViewer('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36')).toBe(true);
    expect(supportsSceneViewer('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126 Safari/537.36')).toBe(false);
    expect(supportsSceneViewer('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15')).toBe(false);
  });
  it('opens Scene Viewer on the absolute model URL, falling back to the page', () => {
    const url = sceneViewerUrl(
      'https://mirror.example/api/products/x/model.glb?metal=ROSE_GOLD',
      'Givre Band',
      'https://mirror.example/view-360?product=x',
    );
    expect(url.startsWith('intent://arvr.google.com/scene-viewer/1.2?')).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1, url.indexOf('#')));
    expect(query.get('file')).toBe('https://mirror.example/api/products/x/model.glb?metal=ROSE_GOLD');
    expect(query.get('title')).toBe('Givre Band');
    expect(url).toContain(`S.browser_fallback_url=${encodeURIComponent('https://mirror.example/view-360?product=x')};end;`);
  });
});
