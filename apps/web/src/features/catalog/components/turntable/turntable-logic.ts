import type { MetalType } from '@mirror/contract';
import { METAL_TYPES } from '@mirror/contract/constants';
import { humanize } from '../../../../lib/format';

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

/** Whether a WebGL context can be created (false on machines without a GPU or software fallback). */
export function supportsWebGL(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * Android's Scene Viewer opens a glTF in the room through an intent URL; elsewhere (desktop,
 * headless browsers, iOS without a USDZ) there is no "View in your space".
 */
export function sceneViewerUrl(absoluteModelUrl: string, title: string, fallbackUrl: string): string {
  const params = new URLSearchParams({ file: absoluteModelUrl, mode: 'ar_preferred', title });
  return `intent://arvr.google.com/scene-viewer/1.2?${params.toString()}#Intent;scheme=https;package=com.google.ar.core;action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent(fallbackUrl)};end;`;
}

export function supportsSceneViewer(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent) && !/HeadlessChrome|Oculus|Quest/i.test(userAgent);
}
