/**
 * What the browser can do for the 3D views, read during render (`useBrowserFact`): null on the server
 * and in the render that hydrates its HTML (the browser first renders what the server sent), the
 * browser's answer from then on. None of it changes while the page lives: nothing to subscribe to.
 */
import { useBrowserFact } from '../../../../lib/use-is-live';
import { readGraphics, supportsQuickLook, supportsSceneViewer, supportsWebGL, type Graphics } from './turntable-logic';

/** Asked once per page load: each question opens a canvas context. */
let webgl: boolean | undefined;
const readWebGL = () => (webgl ??= supportsWebGL());
let graphics: Graphics | undefined;
const readGraphicsOnce = () => (graphics ??= readGraphics());

export function useWebGL(): boolean | null {
  return useBrowserFact(readWebGL, null);
}

/** How the browser draws WebGL (a GPU, software, none): when the turntable starts depends on it. */
export function useGraphics(): Graphics | null {
  return useBrowserFact(readGraphicsOnce, null);
}

/** Android's Scene Viewer ("View in your space"). */
const readSceneViewer = () => supportsSceneViewer(navigator.userAgent);

export function useSceneViewer(): boolean | null {
  return useBrowserFact(readSceneViewer, null);
}

/** iOS's Quick Look ("View in your space" with a USDZ built in the page, decision 0116). */
const readQuickLook = () => supportsQuickLook();

export function useQuickLook(): boolean | null {
  return useBrowserFact(readQuickLook, null);
}

/** A camera to ask for: `navigator.mediaDevices` is absent outside secure contexts (plain http). */
const readCamera = () => typeof (navigator as Partial<Pick<Navigator, 'mediaDevices'>>).mediaDevices?.getUserMedia === 'function';

export function useCamera(): boolean | null {
  return useBrowserFact(readCamera, null);
}
