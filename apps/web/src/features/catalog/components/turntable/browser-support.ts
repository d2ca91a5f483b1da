/**
 * What the browser can do for the 3D views, read during render (useSyncExternalStore): null on the server
 * and in the render that hydrates its HTML (the browser first renders what the server sent), the
 * browser's answer from then on. None of it changes while the page lives: nothing to subscribe to.
 */
import { useSyncExternalStore } from 'react';
import { supportsSceneViewer, supportsWebGL } from './turntable-logic';

const subscribe = () => () => undefined;
const onServer = () => null;

/** Asked once per page load: each question opens a canvas context. */
let webgl: boolean | undefined;
const readWebGL = () => (webgl ??= supportsWebGL());

export function useWebGL(): boolean | null {
  return useSyncExternalStore(subscribe, readWebGL, onServer);
}

/** Android's Scene Viewer ("View in your space"). */
const readSceneViewer = () => supportsSceneViewer(navigator.userAgent);

export function useSceneViewer(): boolean | null {
  return useSyncExternalStore(subscribe, readSceneViewer, onServer);
}

/** A camera to ask for: `navigator.mediaDevices` is absent outside secure contexts (plain http). */
const readCamera = () => typeof (navigator as Partial<Pick<Navigator, 'mediaDevices'>>).mediaDevices?.getUserMedia === 'function';

export function useCamera(): boolean | null {
  return useSyncExternalStore(subscribe, readCamera, onServer);
}
