/**
 * What the browser can do for the 3D views: null on the server and in the render that hydrates its HTML (the
 * browser first renders what the server sent), the browser's answer from then on. None of it changes while the
 * page lives. The cheap facts are read during render (`useBrowserFact`); the graphics are probed once per page,
 * in a worker where the browser can (decision 0125).
 */
import { startTransition, useEffect, useState } from 'react';
import { useBrowserFact } from '../../../../lib/use-is-live';
import { GRAPHICS, type Graphics } from './graphics';
import { readGraphics, supportsQuickLook, supportsSceneViewer } from './turntable-logic';

/** The worker's answer; null when it cannot answer (no worker, no OffscreenCanvas, an error, no answer in 5 s). */
function probeInWorker(): Promise<Graphics | null> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./graphics-probe.worker.ts', import.meta.url), { type: 'module', name: 'graphics-probe' });
    } catch {
      resolve(null);
      return;
    }
    const done = (answer: Graphics | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), 5000);
    worker.onmessage = (event: MessageEvent<unknown>) => done(GRAPHICS.find((g) => g === event.data) ?? null);
    worker.onerror = () => done(null);
    worker.postMessage('probe');
  });
}

/** On the page's own canvases, when the browser is idle: where a worker cannot say (or says no WebGL at all). */
function probeOnMainThread(): Promise<Graphics> {
  return new Promise((resolve) => {
    const run = () => resolve(readGraphics());
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
  });
}

let probe: Promise<Graphics> | undefined;

/**
 * How the browser draws WebGL, asked once per page load. Opening a context blocks its thread for 20–50 ms
 * (SwiftShader, measured): a worker's OffscreenCanvas keeps that off the main thread. A browser whose workers
 * have no WebGL says 'none' there: the page's own canvases are then asked too.
 */
export function probeGraphics(): Promise<Graphics> {
  probe ??= probeInWorker().then((answer) => (answer === null || answer === 'none' ? probeOnMainThread() : answer));
  return probe;
}

/** How the browser draws WebGL (a GPU, software, none): when the turntable starts depends on it. Null until known. */
export function useGraphics(): Graphics | null {
  const [graphics, setGraphics] = useState<Graphics | null>(null);
  useEffect(() => {
    let isMounted = true;
    void probeGraphics().then((answer) => {
      if (isMounted) startTransition(() => setGraphics(answer));
    });
    return () => {
      isMounted = false;
    };
  }, []);
  return graphics;
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
