import type { Image, MetalType } from '@mirror/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ResponsiveImage } from '../../../../components/media/responsive-image';
import { useIsAfterLoad } from '../../../../lib/after-load';
import { StudioStage } from '../studio-stage';
import type { TurntableScene } from './scene';
import { useGraphics, useQuickLook, useSceneViewer } from './browser-support';
import { drawsWebGL } from './graphics';
import { chooseStage, METALS, metalLabel, modelUrl, sceneViewerUrl, startNow, startPolicy } from './turntable-logic';
import styles from './turntable.module.css';

export interface TurntableProps {
  productId: string;
  name: string;
  /** The piece's own metal: the switch starts on it. */
  metal: MetalType;
  images: readonly Image[];
}

/**
 * The picture inside the Quick Look link (iOS opens a `rel="ar"` link in its viewer only when an image
 * is its first child element): an outline cube, ivory like the link's text.
 */
const AR_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#faf8f4" stroke-width="1.25" stroke-linejoin="round">' +
    '<path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z"/><path d="M4 7.5l8 4.5 8-4.5M12 12v9"/></svg>',
)}`;

/** One key press turns the piece this much (radians). */
const KEY_STEP = Math.PI / 12;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The piece in 3D on a turntable (issue 12): drag to turn it, pinch or wheel to come closer, the
 * arrow keys to turn it. The studio image shows until the model is drawn. On a GPU the scene starts
 * once the page is idle and turns by itself until touched (never under reduced motion, nor when the
 * device cannot turn it at a few frames a second); drawn in software, it starts when the visitor asks
 * (decision 0108). Without WebGL, or when the model fails, the studio images take its place with a
 * sentence saying so.
 */
export function Turntable({ productId, name, metal: ownMetal, images }: TurntableProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<TurntableScene | null>(null);
  const graphics = useGraphics();
  const webgl = drawsWebGL(graphics);
  const afterLoad = useIsAfterLoad();
  /** The visitor touched, scrolled over or focused the stage, or picked a metal: the scene starts now. */
  const [asked, setAsked] = useState(false);
  const [modelFailed, setModelFailed] = useState(false);
  const [sceneReady, setSceneReady] = useState(false);
  const [metal, setMetal] = useState<MetalType>(ownMetal);
  const [progress, setProgress] = useState<number | null>(0);
  const [loading, setLoading] = useState(true);
  const [drawn, setDrawn] = useState(false);
  /** The model on the stage (its URL): the one a Quick Look file is written from. */
  const [stagedUrl, setStagedUrl] = useState<string | null>(null);
  const [autoRotate, setAutoRotate] = useState(false);
  const metalGroup = useId();
  const url = modelUrl(productId, metal, ownMetal);

  const kind = chooseStage({ webgl, modelFailed });
  const policy = graphics === 'hardware' || graphics === 'software' ? startPolicy(graphics, prefersReducedMotion()) : null;
  const when = policy ? startNow(policy, { afterLoad, asked }) : null;
  // Once started, the scene stays (a later `asked` changes nothing).
  const [started, setStarted] = useState<{ autoRotate: boolean } | null>(null);
  if (kind === 'turntable' && when?.start && !started) setStarted({ autoRotate: when.autoRotate });

  // The scene: three.js is fetched here, on this page only, once the scene starts.
  useEffect(() => {
    if (kind !== 'turntable' || !started) return;
    let cancelled = false;
    void import('./scene')
      .then(({ createTurntableScene }) => {
        if (cancelled || !canvasRef.current) return;
        sceneRef.current = createTurntableScene(canvasRef.current, {
          autoRotate: started.autoRotate,
          onFirstFrame: () => setDrawn(true),
          onAutoRotatePaused: () => setAutoRotate(false),
        });
        setAutoRotate(started.autoRotate);
        setSceneReady(true);
      })
      .catch(() => !cancelled && setModelFailed(true));
    return () => {
      cancelled = true;
      sceneRef.current?.dispose();
      sceneRef.current = null;
      setSceneReady(false);
    };
  }, [kind, started]);

  // The model, again whenever the metal changes.
  useEffect(() => {
    const scene = sceneRef.current;
    if (!sceneReady || !scene) return;
    const controller = new AbortController();
    setLoading(true);
    setProgress(0);
    scene
      .load(url, setProgress, controller.signal)
      .then(() => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setStagedUrl(url);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (import.meta.env.DEV) console.warn('The 3D model could not be shown', error);
        setModelFailed(true);
      });
    return () => controller.abort();
  }, [sceneReady, url]);

  // iOS's Quick Look (decision 0116): once the piece is drawn, the scene writes the model on the stage as a
  // USDZ (the exporter is fetched then, on iOS only), again for another metal; the link offers the file of
  // the model shown, never one of another metal.
  const quickLook = useQuickLook();
  const [usdz, setUsdz] = useState<{ url: string; href: string } | null>(null);
  useEffect(() => {
    const scene = sceneRef.current;
    if (!quickLook || !scene || !drawn || !stagedUrl) return;
    let cancelled = false;
    let href: string | null = null;
    scene
      .toUsdz()
      .then((blob) => {
        if (cancelled) return;
        href = URL.createObjectURL(blob);
        setUsdz({ url: stagedUrl, href });
      })
      .catch((error: unknown) => {
        if (import.meta.env.DEV) console.warn('The piece could not be prepared for Quick Look', error);
      });
    return () => {
      cancelled = true;
      if (href) URL.revokeObjectURL(href);
    };
  }, [quickLook, drawn, stagedUrl]);
  const quickLookHref = usdz && usdz.url === url && !loading ? usdz.href : null;

  // Only in the browser, so window is there whenever Scene Viewer is.
  const sceneViewer = useSceneViewer() && !quickLook;
  const arUrl = sceneViewer ? sceneViewerUrl(new URL(url, window.location.href).toString(), name, window.location.href) : null;

  if (kind === 'gallery') {
    return (
      <div className={styles.fallback} data-testid="turntable-fallback">
        <StudioStage name={name} images={images} />
        <p className={styles.sentence} role="status">
          {webgl
            ? 'The 3D view of this piece is not available just now: here are its studio images.'
            : 'Your browser cannot show this piece in 3D: here are its studio images.'}
        </p>
      </div>
    );
  }

  const ask = () => setAsked(true);
  const turnBy = (azimuth: number, polar = 0) => {
    sceneRef.current?.rotate(azimuth, polar);
    setAutoRotate(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') turnBy(-KEY_STEP);
    else if (event.key === 'ArrowRight') turnBy(KEY_STEP);
    else if (event.key === 'ArrowUp') turnBy(0, -KEY_STEP / 2);
    else if (event.key === 'ArrowDown') turnBy(0, KEY_STEP / 2);
    else return;
    ask();
    event.preventDefault();
  };
  const stopTurning = () => {
    ask();
    sceneRef.current?.setAutoRotate(false);
    setAutoRotate(false);
  };

  const poster = images[0];
  const showPoster = !drawn || (loading && !drawn);
  const percent = progress === null ? null : Math.round(progress * 100);
  /** Before the scene starts: the studio image, a perfect still; nothing loads. */
  const waiting = !started;
  return (
    <section className={styles.wrap} aria-label={`${name}, 3D view`} data-testid="turntable">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the picture is what the arrow keys turn: its name says so */}
      <div
        className={styles.stage}
        role="img"
        aria-label={`${name}, 3D view. Drag or use the arrow keys to turn it; pinch or scroll to zoom.`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the same: Tab reaches the picture the keys turn
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={stopTurning}
        onWheel={stopTurning}
        onFocus={ask}
        data-state={waiting ? 'waiting' : loading ? 'loading' : 'ready'}
        data-graphics={graphics ?? undefined}
        data-auto-rotate={autoRotate}
        data-testid="turntable-stage"
      >
        <canvas ref={canvasRef} className={styles.canvas} data-testid="turntable-canvas" />
        {showPoster && poster ? (
          <div className={styles.poster} aria-hidden="true">
            <ResponsiveImage image={poster} alt="" sizes="(min-width: 64rem) 56vw, 100vw" isPriority />
          </div>
        ) : null}
        {waiting && policy?.startsWhen === 'asked' ? (
          <p className={styles.hint} aria-hidden="true" data-testid="turntable-hint">
            Drag to turn in 3D
          </p>
        ) : null}
        {loading && !waiting ? (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={`Loading the 3D view of ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            data-testid="turntable-progress"
          >
            <span
              className={styles.progressBar}
              style={{ transform: `scaleX(${progress ?? 0.3})` }}
              data-indeterminate={progress === null || undefined}
            />
          </div>
        ) : null}
      </div>
      <div className={styles.controls}>
        <div role="radiogroup" aria-labelledby={metalGroup} className={styles.metals}>
          <span id={metalGroup} className={styles.metalsLabel}>
            Metal
          </span>
          {METALS.map((m) => (
            <label key={m} className={styles.metal} data-metal={m}>
              <input
                type="radio"
                name={`${metalGroup}-metal`}
                value={m}
                checked={metal === m}
                onChange={() => {
                  ask();
                  setMetal(m);
                }}
                className={styles.metalInput}
              />
              <span className={styles.swatch} data-metal={m} aria-hidden="true" />
              <span className={styles.metalName}>{metalLabel(m)}</span>
            </label>
          ))}
        </div>
        {quickLookHref ? (
          <a rel="ar" href={quickLookHref} className={styles.ar} data-testid="view-in-space">
            <img src={AR_ICON} alt="" width={18} height={18} className={styles.arIcon} />
            View in your space
          </a>
        ) : arUrl ? (
          <a href={arUrl} className={styles.ar} data-testid="view-in-space">
            View in your space
          </a>
        ) : null}
      </div>
    </section>
  );
}
