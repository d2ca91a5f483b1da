import { METAL_TYPES } from '@mirror/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  chooseStage,
  loadFraction,
  METALS,
  metalLabel,
  modelUrl,
  readGraphics,
  sceneViewerUrl,
  startNow,
  startPolicy,
  supportsQuickLook,
  supportsSceneViewer,
} from './turntable-logic';

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

describe('supportsQuickLook', () => {
  /** A document whose links answer `relList.supports(token)` as `supports` does (or have no relList). */
  function documentWith(relList: { supports: (token: string) => boolean } | undefined) {
    const createElement = vi.fn(() => ({ relList }));
    return { doc: { createElement } as unknown as Document, createElement };
  }

  it('is offered where a link says it supports rel="ar" (Safari on iOS and iPadOS)', () => {
    const supports = vi.fn((token: string) => token === 'ar');
    const { doc, createElement } = documentWith({ supports });
    expect(supportsQuickLook(doc)).toBe(true);
    expect(createElement).toHaveBeenCalledWith('a');
    expect(supports).toHaveBeenCalledWith('ar');
  });
  it('is not offered where links support other tokens only (Chromium, Firefox, desktop Safari)', () => {
    expect(supportsQuickLook(documentWith({ supports: (token) => ['noopener', 'noreferrer', 'opener'].includes(token) }).doc)).toBe(false);
  });
  it('is not offered without relList, nor where supports() throws', () => {
    expect(supportsQuickLook(documentWith(undefined).doc)).toBe(false);
    const throwing = {
      supports: () => {
        throw new TypeError('DOMTokenList has no supported tokens.');
      },
    };
    expect(supportsQuickLook(documentWith(throwing).doc)).toBe(false);
  });
});

describe('readGraphics', () => {
  /** A document whose canvases give a context (named `renderer`) with or without the performance caveat. */
  function browser({
    gpu,
    webgl,
    renderer = 'ANGLE (Qualcomm, Adreno (TM) 650, OpenGL ES 3.2)',
  }: {
    gpu: boolean;
    webgl: boolean;
    renderer?: string;
  }) {
    const loseContext = vi.fn();
    const gl = {
      RENDERER: 0x1f01,
      getExtension: (name: string) =>
        name === 'WEBGL_lose_context' ? { loseContext } : name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL: 0x9246 } : null,
      getParameter: (p: number) => (p === 0x9246 ? renderer : 'WebKit WebGL'),
    };
    const getContext = vi.fn((_type: string, attributes?: WebGLContextAttributes) => {
      if (!webgl || (attributes?.failIfMajorPerformanceCaveat && !gpu)) return null;
      return gl;
    });
    const doc = { createElement: () => ({ getContext }) } as unknown as Document;
    return { doc, getContext, loseContext };
  }

  it('a GPU: a context even without a major performance caveat, from a hardware renderer', () => {
    const { doc, loseContext } = browser({ gpu: true, webgl: true });
    expect(readGraphics(doc)).toBe('hardware');
    expect(loseContext).toHaveBeenCalledTimes(1);
  });
  it('software GL: a context only when the caveat is accepted', () => {
    const { doc, getContext, loseContext } = browser({ gpu: false, webgl: true });
    expect(readGraphics(doc)).toBe('software');
    expect(getContext.mock.calls[0]?.[1]).toEqual({ failIfMajorPerformanceCaveat: true });
    expect(loseContext).toHaveBeenCalledTimes(1);
  });
  it('software GL that does not claim the caveat: known by its renderer’s name', () => {
    for (const renderer of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)',
    ]) {
      expect(readGraphics(browser({ gpu: true, webgl: true, renderer }).doc), renderer).toBe('software');
    }
    expect(readGraphics(browser({ gpu: true, webgl: true, renderer: 'Apple GPU' }).doc)).toBe('hardware');
  });
  it('no WebGL at all', () => {
    expect(readGraphics(browser({ gpu: false, webgl: false }).doc)).toBe('none');
  });
});

describe('startPolicy and startNow', () => {
  it('on a GPU: starts once the page is idle, turning by itself unless reduced motion is preferred', () => {
    const gpu = startPolicy('hardware', false);
    expect(gpu).toEqual({ startsWhen: 'idle', autoRotate: true });
    expect(startNow(gpu, { afterLoad: false, asked: false })).toEqual({ start: false, autoRotate: true });
    expect(startNow(gpu, { afterLoad: true, asked: false })).toEqual({ start: true, autoRotate: true });
    expect(startNow(startPolicy('hardware', true), { afterLoad: true, asked: false })).toEqual({ start: true, autoRotate: false });
  });
  it('drawn in software: waits to be asked, however idle the page, and never turns by itself', () => {
    const software = startPolicy('software', false);
    expect(software).toEqual({ startsWhen: 'asked', autoRotate: false });
    expect(startNow(software, { afterLoad: true, asked: false }).start).toBe(false);
    expect(startNow(software, { afterLoad: false, asked: true })).toEqual({ start: true, autoRotate: false });
  });
  it('a visitor who asks before the page is idle starts it at once, and is in charge: no turning by itself', () => {
    expect(startNow(startPolicy('hardware', false), { afterLoad: false, asked: true })).toEqual({ start: true, autoRotate: false });
  });
});
