import type { MetalType } from '@mirror/contract';
import { METAL_TYPES } from '@mirror/contract/constants';
import { humanize } from '../../../../lib/format';
import { graphicsOf, type Graphics } from './graphics';

/**
 * The metals a piece can be shown in, in the contract's order: from `@mirror/contract/constants`, which
 * holds no schema (the contract's index brings zod, ≈ 35 KB gz, and this module is in the first load of
 * the 360° view, the salon and the try-on).
 */
export const METALS: readonly MetalType[] = METAL_TYPES;

/** 'ROSE_GOLD' → 'Rose gold'. */
export function metalLabel(metal: MetalType): string {
  return humanize(metal);
}

/** The piece's model; `metal` asks for it in another metal (the piece's own metal needs no parameter). */
export function modelUrl(productId: string, metal?: MetalType | null, ownMetal?: MetalType | null): string {
  const base = `/api/products/${encodeURIComponent(productId)}/model.glb`;
  return metal && metal !== ownMetal ? `${base}?${new URLSearchParams({ metal }).toString()}` : base;
}

/** Fraction loaded in [0, 1], or null when the size is unknown (no Content-Length). */
export function loadFraction(loaded: number, total: number): number | null {
  if (!(total > 0)) return null;
  return Math.min(1, Math.max(0, loaded / total));
}

export type StageKind = 'checking' | 'turntable' | 'gallery';

/** The turntable needs WebGL and a model that loaded; otherwise the studio images (never a blank canvas). */
export function chooseStage({ webgl, modelFailed }: { webgl: boolean | null; modelFailed: boolean }): StageKind {
  if (webgl === null) return 'checking';
  return webgl && !modelFailed ? 'turntable' : 'gallery';
}

/** How the browser draws WebGL, asked on `doc`'s canvases (the main thread's fallback of browser-support.ts). */
export function readGraphics(doc: Document = document): Graphics {
  return graphicsOf(() => doc.createElement('canvas'));
}

/**
 * When the turntable starts and whether it turns by itself (decision 0108). The studio image is a
 * perfect still meanwhile, so nothing is lost by waiting:
 * - on a GPU, once the page has loaded and been idle (never competing with its first paint), turning
 *   by itself unless the visitor prefers reduced motion;
 * - drawn in software, only when the visitor asks for it (touches, scrolls over, focuses the stage or
 *   picks a metal), and then still until they turn it: each frame there holds the main thread for
 *   hundreds of milliseconds, which would make the whole page slow to answer for a picture turning at
 *   a frame or two a second.
 */
export interface StartPolicy {
  startsWhen: 'idle' | 'asked';
  autoRotate: boolean;
}

export function startPolicy(graphics: Exclude<Graphics, 'none'>, reducedMotion: boolean): StartPolicy {
  return graphics === 'hardware' ? { startsWhen: 'idle', autoRotate: !reducedMotion } : { startsWhen: 'asked', autoRotate: false };
}

/**
 * Whether the scene starts now; once started it stays. A visitor who asked is in charge: it does not
 * turn by itself for them.
 */
export function startNow(
  policy: StartPolicy,
  { afterLoad, asked }: { afterLoad: boolean; asked: boolean },
): { start: boolean; autoRotate: boolean } {
  if (asked) return { start: true, autoRotate: false };
  return { start: policy.startsWhen === 'idle' && afterLoad, autoRotate: policy.autoRotate };
}

/**
 * Android's Scene Viewer opens a glTF in the room through an intent URL; iOS's Quick Look opens a USDZ
 * (supportsQuickLook); elsewhere (desktop, headless browsers) there is no "View in your space".
 */
export function sceneViewerUrl(absoluteModelUrl: string, title: string, fallbackUrl: string): string {
  const params = new URLSearchParams({ file: absoluteModelUrl, mode: 'ar_preferred', title });
  return `intent://arvr.google.com/scene-viewer/1.2?${params.toString()}#Intent;scheme=https;package=com.google.ar.core;action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent(fallbackUrl)};end;`;
}

export function supportsSceneViewer(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent) && !/HeadlessChrome|Oculus|Quest/i.test(userAgent);
}

/**
 * iOS's Quick Look (decision 0116): Safari opens a link with `rel="ar"` in its AR viewer, and says so
 * through the link's `relList`, the one test Apple documents (no user-agent sniffing: iPadOS reads as
 * a Mac). Browsers without `relList`, or whose `supports()` throws, do not offer it.
 */
export function supportsQuickLook(doc: Pick<Document, 'createElement'> = document): boolean {
  try {
    const relList = (doc.createElement('a') as Partial<Pick<HTMLAnchorElement, 'relList'>>).relList;
    return typeof relList?.supports === 'function' && relList.supports('ar');
  } catch {
    return false;
  }
}
