import type { MetalType } from '@mirror/contract';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PageLink } from '../../../../components/layout/page-link';
import { drawingFor, type Graphics } from '../turntable/graphics';
import { METALS, metalLabel, modelUrl } from '../turntable/turntable-logic';
import type { ArScene } from './ar-scene';
import type { HandFrame, HandTracker } from './hand-tracker';
import {
  CAMERA_FOV_Y,
  coverFit,
  guidance,
  LM,
  meanLuma,
  MODEL_SIZE_EU,
  nextTrackAt,
  project,
  ringInnerDiameter,
  ringPose,
  RING_SIZES_EU,
  steadyPose,
  toViewPixels,
  type Guidance,
  type RingPose,
  type ViewGeometry,
} from './ring-fit';
import styles from './ar-try-on.module.css';

export interface ArMirrorProps {
  productId: string;
  name: string;
  metal: MetalType;
  /** Where "leave" goes: the piece. */
  backTo: string;
  /** How the browser draws WebGL: the ring is drawn at the sharpness it can afford (drawingFor). */
  graphics: Graphics;
  onCameraError: (kind: 'denied' | 'no-camera' | 'failed') => void;
}

type Facing = 'user' | 'environment';
type Stage = 'camera' | 'live' | 'tracker-failed';

const GUIDANCE_TEXT: Record<Guidance, string> = {
  starting: 'Preparing the mirror…',
  'show-hand': 'Show the back of your hand, fingers spread',
  tracking: '',
  lost: 'Your hand slipped away — bring it back into view',
  'low-light': 'A little more light, please: the camera sees too little',
};

export function cameraErrorKind(error: unknown): 'denied' | 'no-camera' | 'failed' {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-camera';
  return 'failed';
}

function fileName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `mirror-${slug || 'ring'}-try-on.png`;
}

/**
 * The live mirror: the camera's picture, the ring drawn on the ring finger, and the controls. The
 * picture under the ring is the very frame its landmarks came from, so the ring never trails the hand.
 */
export function ArMirror({ productId, name, metal: ownMetal, backTo, graphics, onCameraError }: ArMirrorProps) {
  const stageRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const pictureRef = useRef<HTMLCanvasElement>(null);
  const glRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<ArScene | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [canSwitch, setCanSwitch] = useState(false);
  // three.js and MediaPipe (≈ 14 MB the first time) are fetched only once the camera has said yes.
  const [isStreaming, setIsStreaming] = useState(false);
  const [stage, setStage] = useState<Stage>('camera');
  const [sceneReady, setSceneReady] = useState(false);
  const [modelState, setModelState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [size, setSize] = useState(MODEL_SIZE_EU);
  const [metal, setMetal] = useState<MetalType>(ownMetal);
  const [hint, setHint] = useState<Guidance>('starting');
  const [flash, setFlash] = useState<string | null>(null);
  const sizeId = useId();
  const metalGroup = useId();
  // The loop's live values, read by callbacks that must not re-subscribe on every change.
  const live = useRef({
    size: MODEL_SIZE_EU,
    isMirrored: true,
    pose: null as RingPose | null,
    frames: 0,
    lastHandAt: null as number | null,
    everTracked: false,
    /** The latest frame holds a hand the ring cannot be put on (ringPose said no). */
    seesHand: false,
    luma: null as number | null,
  });
  // Handed to the loop once React has committed them (before the next frame is drawn).
  useLayoutEffect(() => {
    live.current.size = size;
    live.current.isMirrored = facing === 'user';
  }, [size, facing]);

  // The camera, again when it is switched. Every track is stopped on the way out.
  useEffect(() => {
    let cancelled = false;
    // Read afresh after each await: the cleanup may have run meanwhile (a function, so TypeScript keeps no narrowing of it).
    const isCancelled = () => cancelled;
    let stream: MediaStream | null = null;
    const video = videoRef.current!;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then(async (s) => {
        stream = s;
        if (isCancelled()) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        video.srcObject = s;
        await video.play().catch(() => undefined);
        if (!isCancelled()) setIsStreaming(true);
        const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
        if (!isCancelled()) setCanSwitch(devices.filter((d) => d.kind === 'videoinput').length > 1);
      })
      .catch((error: unknown) => !cancelled && onCameraError(cameraErrorKind(error)));
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
      video.srcObject = null;
    };
  }, [facing, onCameraError]);

  // three.js, on this route only.
  useEffect(() => {
    if (!isStreaming) return;
    let cancelled = false;
    void import('./ar-scene')
      .then(({ createArScene }) => {
        if (cancelled || !glRef.current) return;
        sceneRef.current = createArScene(glRef.current, drawingFor(graphics, window.devicePixelRatio));
        setSceneReady(true);
      })
      .catch(() => !cancelled && setModelState('failed'));
    return () => {
      cancelled = true;
      sceneRef.current?.dispose();
      sceneRef.current = null;
      setSceneReady(false);
    };
  }, [isStreaming, graphics]);

  // The ring's model, again for another metal.
  const url = modelUrl(productId, metal, ownMetal);
  useEffect(() => {
    const scene = sceneRef.current;
    if (!sceneReady || !scene) return;
    const controller = new AbortController();
    setModelState('loading');
    scene
      .load(url, controller.signal)
      .then(() => !controller.signal.aborted && setModelState('ready'))
      .catch(() => !controller.signal.aborted && setModelState('failed'));
    return () => controller.abort();
  }, [sceneReady, url]);

  useEffect(() => {
    sceneRef.current?.setSize(size);
  }, [size, sceneReady, modelState]);

  // Canvases follow the stage's size.
  useEffect(() => {
    const el = stageRef.current!;
    const fit = () => {
      const { width, height } = el.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const picture = pictureRef.current!;
      picture.width = Math.round(width * ratio);
      picture.height = Math.round(height * ratio);
      sceneRef.current?.resize(width, height);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    fit();
    return () => observer.disconnect();
  }, [sceneReady]);

  /** One tracked frame: its picture, then the ring on it, in the same task so both show together. */
  const onFrame = useCallback((frame: HandFrame) => {
    const stageEl = stageRef.current;
    const picture = pictureRef.current;
    const video = videoRef.current;
    if (!stageEl || !picture || !video) return;
    const state = live.current;
    const { width, height } = stageEl.getBoundingClientRect();
    const frameWidth = video.videoWidth || picture.width;
    const frameHeight = video.videoHeight || picture.height;
    const ctx = picture.getContext('2d');
    if (ctx) {
      const ratio = picture.width / Math.max(1, width);
      const fit = coverFit(frameWidth, frameHeight, width, height);
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (state.isMirrored) ctx.setTransform(-1, 0, 0, 1, picture.width, 0);
      ctx.drawImage(frame.image, fit.offsetX * ratio, fit.offsetY * ratio, frameWidth * fit.scale * ratio, frameHeight * fit.scale * ratio);
      ctx.restore();
    }
    const view: ViewGeometry = {
      frameWidth,
      frameHeight,
      viewWidth: width,
      viewHeight: height,
      isMirrored: state.isMirrored,
      fovY: CAMERA_FOV_Y,
    };
    const next = ringPose(frame.landmarks, frame.handedness, view, state.size);
    state.frames += 1;
    if (next) {
      state.pose = steadyPose(state.pose, next);
      state.lastHandAt = performance.now();
      state.everTracked = true;
    } else {
      state.pose = null;
    }
    state.seesHand = !next && frame.landmarks !== undefined;
    sceneRef.current?.draw(state.pose);
    // For tests and the curious: how far the pipeline got and where the ring is.
    stageEl.dataset.frames = String(state.frames);
    // 'hidden': the tracker found a hand, but not a ring finger to put the ring on (ringPose).
    stageEl.dataset.hand = state.pose ? 'tracked' : state.seesHand ? 'hidden' : 'none';
    if (state.pose) {
      const { pose } = state;
      stageEl.dataset.ringX = pose.screen.x.toFixed(1);
      stageEl.dataset.ringY = pose.screen.y.toFixed(1);
      stageEl.dataset.ringWidth = pose.fingerWidthPx.toFixed(1);
      stageEl.dataset.ringDepth = (-pose.position[2]).toFixed(2);
      // The band's axis as drawn (a point 10 mm along it, projected) and the finger it was fitted to: its
      // knuckle and middle joint on the canvas, to check the ring sits between them, along the finger.
      const from = project(pose.position, view);
      const along = project(
        [pose.position[0] + pose.axis[0] * 10, pose.position[1] + pose.axis[1] * 10, pose.position[2] + pose.axis[2] * 10],
        view,
      );
      stageEl.dataset.ringAxis = `${(along.x - from.x).toFixed(2)},${(along.y - from.y).toFixed(2)}`;
      const at = (i: number) => toViewPixels(frame.landmarks![i]!, view);
      const [mcp, pip] = [at(LM.ringMcp), at(LM.ringPip)];
      stageEl.dataset.ringMcp = `${mcp[0].toFixed(1)},${mcp[1].toFixed(1)}`;
      stageEl.dataset.ringPip = `${pip[0].toFixed(1)},${pip[1].toFixed(1)}`;
    }
    if (state.frames === 1) setStage('live');
  }, []);

  // Hand tracking: MediaPipe, fetched from our own assets; one frame in flight at a time, paced (nextTrackAt).
  useEffect(() => {
    if (!isStreaming) return;
    let cancelled = false;
    let tracker: HandTracker | null = null;
    let raf = 0;
    let busy = false;
    let nextAt = 0;
    const video = videoRef.current!;
    const tick = () => {
      raf = requestAnimationFrame(tick);
      const now = performance.now();
      if (busy || now < nextAt || !tracker || video.readyState < 2 || video.videoWidth === 0) return;
      busy = true;
      tracker
        .send(video)
        .catch(() => undefined)
        .finally(() => {
          busy = false;
          nextAt = nextTrackAt(now, performance.now() - now);
        });
    };
    void import('./hand-tracker')
      .then(({ createHandTracker }) => createHandTracker((frame) => !cancelled && onFrame(frame)))
      .then((t) => {
        if (cancelled) return void t.close();
        tracker = t;
        tick();
      })
      .catch((error: unknown) => {
        if (import.meta.env.DEV) console.warn('Hand tracking could not start', error);
        if (!cancelled) setStage('tracker-failed');
      });
    return () => {
      cancelled = true;
      cancelAnimationFrame(raf);
      void tracker?.close();
    };
  }, [onFrame, isStreaming]);

  // The light, once a second, from a thumbnail of the picture; and what to tell the visitor.
  useEffect(() => {
    const probe = document.createElement('canvas');
    probe.width = 32;
    probe.height = 18;
    const ctx = probe.getContext('2d', { willReadFrequently: true });
    let lastProbe = 0;
    const timer = window.setInterval(() => {
      const video = videoRef.current;
      const state = live.current;
      const now = performance.now();
      if (ctx && video && video.readyState >= 2 && now - lastProbe > 900) {
        lastProbe = now;
        ctx.drawImage(video, 0, 0, probe.width, probe.height);
        state.luma = meanLuma(ctx.getImageData(0, 0, probe.width, probe.height).data);
      }
      setHint(
        guidance({
          hasFrames: state.frames > 0,
          hasHand: state.pose !== null,
          seesHand: state.seesHand,
          lastHandAt: state.lastHandAt,
          everTracked: state.everTracked,
          now,
          luma: state.luma,
        }),
      );
    }, 250);
    return () => window.clearInterval(timer);
  }, []);

  const capture = async () => {
    const picture = pictureRef.current;
    const scene = sceneRef.current;
    const video = videoRef.current;
    if (!picture || !video) return;
    const out = document.createElement('canvas');
    out.width = picture.width;
    out.height = picture.height;
    const ctx = out.getContext('2d')!;
    ctx.fillStyle = '#0b0b0c';
    ctx.fillRect(0, 0, out.width, out.height);
    if (live.current.frames > 0) ctx.drawImage(picture, 0, 0);
    else if (video.videoWidth) {
      const fit = coverFit(video.videoWidth, video.videoHeight, out.width, out.height);
      if (live.current.isMirrored) ctx.setTransform(-1, 0, 0, 1, out.width, 0);
      ctx.drawImage(video, fit.offsetX, fit.offsetY, video.videoWidth * fit.scale, video.videoHeight * fit.scale);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    }
    if (scene) ctx.drawImage(scene.snapshot(), 0, 0, out.width, out.height);
    const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
    if (!blob) return;
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = fileName(name);
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    setFlash('Photo saved');
    window.setTimeout(() => setFlash(null), 2_400);
  };

  // A dark room is said at once, even while the tracker and the ring are still being prepared.
  const isPreparing = (stage === 'camera' || modelState === 'loading') && hint !== 'low-light';
  let message: ReactNode = GUIDANCE_TEXT[hint];
  if (stage === 'tracker-failed') message = 'Hand tracking could not start on this device. The camera stays open; try reloading.';
  else if (modelState === 'failed') message = 'The ring could not be prepared just now.';
  else if (isPreparing) message = GUIDANCE_TEXT.starting;
  const state = stage === 'tracker-failed' ? 'tracker-failed' : modelState === 'failed' ? 'model-failed' : isPreparing ? 'starting' : hint;

  return (
    <section
      ref={stageRef}
      className={styles.mirror}
      aria-labelledby="page-title"
      data-testid="ar-stage"
      data-guidance={state}
      data-model={modelState}
      data-frames="0"
      data-hand="none"
    >
      <video
        ref={videoRef}
        className={styles.video}
        data-mirrored={facing === 'user'}
        data-hidden={stage === 'live' || undefined}
        muted
        playsInline
        aria-hidden="true"
      />
      <canvas ref={pictureRef} className={styles.picture} aria-hidden="true" data-testid="ar-picture" />
      <canvas ref={glRef} className={styles.ring} aria-hidden="true" data-testid="ar-canvas" />
      <div className={styles.vignette} aria-hidden="true" />

      <header className={styles.top}>
        <PageLink to={backTo} className={styles.leave} aria-label={`Leave the try-on, back to ${name}`}>
          <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.25" />
          </svg>
        </PageLink>
        <div className={styles.title}>
          <p className={styles.eyebrow}>Try on</p>
          <h1 id="page-title" className={styles.name}>
            {name}
          </h1>
        </div>
        {canSwitch ? (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setFacing((f) => (f === 'user' ? 'environment' : 'user'))}
            aria-label={facing === 'user' ? 'Use the rear camera' : 'Use the front camera'}
            data-testid="ar-switch-camera"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
              <path
                d="M4 8h3l2-2.5h6L17 8h3v11H4z M9.5 13.5a2.5 2.5 0 0 0 5 0 M14.5 13.5a2.5 2.5 0 0 0-5 0"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.25"
              />
              <path d="M14.5 12v1.5H13 M9.5 15v-1.5H11" fill="none" stroke="currentColor" strokeWidth="1.25" />
            </svg>
          </button>
        ) : (
          <span className={styles.iconSpacer} aria-hidden="true" />
        )}
      </header>

      <p className={styles.guidance} role="status" aria-live="polite" data-testid="ar-guidance" data-empty={!message || undefined}>
        {flash ?? message}
      </p>

      <div className={styles.controls}>
        <div className={styles.settings}>
          <label className={styles.sizeField} htmlFor={sizeId}>
            <span className={styles.label}>Size</span>
            <select
              id={sizeId}
              className={styles.select}
              value={size}
              onChange={(e) => setSize(Number(e.target.value))}
              data-testid="ar-size"
            >
              {RING_SIZES_EU.map((s) => (
                <option key={s} value={s}>
                  EU {s} · {ringInnerDiameter(s).toFixed(1)} mm
                </option>
              ))}
            </select>
          </label>
          <div role="radiogroup" aria-labelledby={metalGroup} className={styles.metals}>
            <span id={metalGroup} className={styles.label}>
              Metal
            </span>
            {METALS.map((m) => (
              <label key={m} className={styles.metal} data-metal={m} title={metalLabel(m)}>
                <input
                  type="radio"
                  name={`${metalGroup}-metal`}
                  value={m}
                  checked={metal === m}
                  onChange={() => setMetal(m)}
                  className={styles.metalInput}
                  aria-label={metalLabel(m)}
                />
                <span className={styles.swatch} data-metal={m} aria-hidden="true" />
              </label>
            ))}
          </div>
        </div>
        <button
          type="button"
          className={styles.shutter}
          onClick={() => void capture()}
          aria-label="Take a photo"
          data-testid="ar-capture"
          disabled={stage === 'camera'}
        >
          <span className={styles.shutterInner} aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
