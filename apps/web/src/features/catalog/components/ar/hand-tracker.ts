/**
 * MediaPipe Hands, self-hosted (vite.config.ts copies the package into a versioned assets folder;
 * no CDN). `hands.js` is a Closure-compiled script that defines `window.Hands`, so it is loaded as a
 * classic script from that folder, never bundled; it then fetches its own loader, wasm, graph and
 * model from the same folder through `locateFile`. Loaded by the try-on only.
 */
import type { Hands, NormalizedLandmarkList, Results } from '@mediapipe/hands';
import base from 'virtual:mediapipe-hands';
import type { Handedness, Landmark } from './ring-fit';

export interface HandFrame {
  landmarks: Landmark[] | undefined;
  handedness: Handedness | undefined;
  /** The frame the landmarks belong to, to draw under the ring so both move together. */
  image: CanvasImageSource;
}

export interface HandTracker {
  /** Sends one video frame; resolves once its result has been delivered to `onFrame`. */
  send(video: HTMLVideoElement): Promise<void>;
  close(): Promise<void>;
}

type HandsConstructor = new (config: { locateFile: (file: string) => string }) => Hands;

let script: Promise<HandsConstructor> | null = null;

function loadHandsScript(): Promise<HandsConstructor> {
  script ??= new Promise<HandsConstructor>((resolve, reject) => {
    const existing = (window as unknown as { Hands?: HandsConstructor }).Hands;
    if (existing) {
      resolve(existing);
      return;
    }
    const tag = document.createElement('script');
    tag.src = `${base}hands.js`;
    tag.async = true;
    tag.crossOrigin = 'anonymous';
    tag.onload = () => {
      const loaded = (window as unknown as { Hands?: HandsConstructor }).Hands;
      if (loaded) resolve(loaded);
      else reject(new Error('hands.js did not define Hands'));
    };
    tag.onerror = () => reject(new Error('hands.js could not be loaded'));
    document.head.append(tag);
  }).catch((error: unknown) => {
    script = null;
    throw error;
  });
  return script;
}

const asLandmarks = (list: NormalizedLandmarkList | undefined): Landmark[] | undefined => list?.map((l) => ({ x: l.x, y: l.y, z: l.z }));

/** What onResults hands over: with no hand in the frame the lists are absent, whatever the package's types say. */
type HandResults = Omit<Results, 'multiHandLandmarks' | 'multiHandedness'> &
  Partial<Pick<Results, 'multiHandLandmarks' | 'multiHandedness'>>;

export async function createHandTracker(onFrame: (frame: HandFrame) => void): Promise<HandTracker> {
  const HandsClass = await loadHandsScript();
  const hands = new HandsClass({ locateFile: (file) => `${base}${file}` });
  // The raw frame goes in (selfieMode off): the mirror is drawn by us, and ring-fit.ts reads MediaPipe's labels accordingly.
  // The lite landmark model (2 MB, not the full 5.5 MB): about twice as fast on a phone, steady enough once eased (steadyPose).
  hands.setOptions({ maxNumHands: 1, modelComplexity: 0, minDetectionConfidence: 0.6, minTrackingConfidence: 0.5, selfieMode: false });
  hands.onResults((results: HandResults) => {
    onFrame({
      landmarks: asLandmarks(results.multiHandLandmarks?.[0]),
      handedness: results.multiHandedness?.[0]?.label,
      image: results.image,
    });
  });
  await hands.initialize();
  return {
    send: (video) => hands.send({ image: video }),
    close: () => hands.close(),
  };
}
