import type { Collection, Product } from '@mirror/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { PageLink } from '../../../../components/layout/page-link';
import { ResponsiveImage } from '../../../../components/media/responsive-image';
import { buttonClassName } from '../../../../components/ui/button';
import { to } from '../../../../config/routes';
import { formatPrice } from '../../../../lib/format';
import { productSubtitle } from '../product-card';
import { useGraphics } from '../turntable/browser-support';
import { drawingFor, drawsWebGL } from '../turntable/graphics';
import { modelUrl } from '../turntable/turntable-logic';
import { isRingCategory } from '../../ring';
import { salonKeyAction, wrapCase } from './salon-logic';
import type { SalonScene } from './salon-scene';
import styles from './salon.module.css';

export interface SalonRoom {
  collection: Collection;
  pieces: readonly Product[];
}

export interface SalonProps {
  rooms: readonly SalonRoom[];
  /** Category names by id: rings get 'Try on'. */
  categoryNames: ReadonlyMap<string, string>;
  /** The id of the written list, for the skip link. */
  listId: string;
}

interface ShownPiece {
  product: Product;
  caseIndex: number;
  collection: Collection;
}

/** What the tests and the benchmark read (only under automation: navigator.webdriver). */
interface ShowroomProbe {
  visits: { loaded: { geometries: number; textures: number }; afterDispose?: { geometries: number; textures: number } }[];
  scene: SalonScene | null;
  ready: boolean;
}

declare global {
  interface Window {
    __mirrorShowroom?: ShowroomProbe;
  }
}

function probe(): ShowroomProbe | null {
  if (typeof navigator === 'undefined' || !navigator.webdriver) return null;
  window.__mirrorShowroom ??= { visits: [], scene: null, ready: false };
  return window.__mirrorShowroom;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A pointer that moved less than this (px) between down and up was a tap: it selects what is under it. */
const TAP_SLOP = 6;
/** Beyond this distance (m) a piece's marker fades out: the room does not fill with dots. */
const MARKER_RANGE = 4.6;
/** The door shows this many cases' covers at most, lit like vitrines in the dark. */
const DOOR_VITRINES = 4;

/**
 * The salon in 3D (issue 12): the featured collections' pieces in glass cases, in a round gallery
 * at night. Drag (or swipe) to look, the arrow keys or WASD to walk and turn, Tab to the pieces,
 * Enter or a tap to open a piece's panel. three.js and the models load here only, with a real
 * progress figure; everything is freed when the visitor leaves. Without WebGL it says so and the
 * written list below carries the same pieces.
 */
export function Salon({ rooms, categoryNames, listId }: SalonProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<SalonScene | null>(null);
  const markerRefs = useRef(new Map<string, HTMLButtonElement>());
  const panelRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ id: number; x: number; y: number; moved: number } | null>(null);
  const graphics = useGraphics();
  const webgl = drawsWebGL(graphics);
  // The salon opens when the visitor asks: ~30 models and a GPU scene are not paid for by every
  // visit (a phone's battery, the main thread of the written list below).
  const [isEntered, setEntered] = useState(false);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [progress, setProgress] = useState(0);
  const [caseIndex, setCaseIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const helpId = useId();

  const cases = rooms.filter((r) => r.pieces.length > 0);
  const shown: ShownPiece[] = cases.flatMap((room, i) =>
    room.pieces.map((product) => ({ product, caseIndex: i, collection: room.collection })),
  );
  // The scene is built once per set of pieces: a stable key, not the arrays' identity.
  const key = shown.map((p) => `${p.caseIndex}:${p.product.id}`).join('|');

  // Each opening of the salon (and each new set of pieces in it) starts from nothing loaded: the state of
  // the previous one is put right during this render, before the scene below is built.
  const opening = webgl && isEntered && key !== '' ? key : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (opening !== openedFor) {
    setOpenedFor(opening);
    if (opening !== null) {
      setState('loading');
      setProgress(0);
    }
  }

  useEffect(() => {
    if (!webgl || !isEntered || key === '') return;
    let cancelled = false;
    const controller = new AbortController();
    const reduced = prefersReducedMotion();
    const p = probe();
    let visit: ShowroomProbe['visits'][number] | null = null;
    const place = () => {
      const scene = sceneRef.current;
      if (!scene) return;
      for (const [id, point] of scene.project()) {
        const marker = markerRefs.current.get(id);
        if (!marker) continue;
        const near = point.visible && point.distance < MARKER_RANGE;
        marker.style.transform = `translate(${point.x.toFixed(1)}px, ${point.y.toFixed(1)}px)`;
        marker.dataset.shown = near ? 'true' : 'false';
      }
    };
    void import('./salon-scene')
      .then(async ({ createSalonScene }) => {
        if (cancelled || !canvasRef.current) return;
        const drawing = drawingFor(graphics ?? 'hardware', window.devicePixelRatio);
        const scene = createSalonScene(canvasRef.current, { reducedMotion: reduced, drawing, onFrame: place });
        sceneRef.current = scene;
        if (p) {
          p.scene = scene;
          p.ready = false;
        }
        const caseNames = cases.map((r) => r.collection.name);
        await scene.load(
          caseNames.map((name) => ({ name })),
          shown.map((s) => ({ id: s.product.id, caseIndex: s.caseIndex, url: modelUrl(s.product.id) })),
          (f) => !cancelled && setProgress(f),
          controller.signal,
        );
        // Left while the models loaded (the cleanup aborts the controller as it sets `cancelled`).
        if (controller.signal.aborted) return;
        setState('ready');
        if (p) {
          const stats = scene.stats();
          visit = { loaded: { geometries: stats.geometries, textures: stats.textures } };
          p.visits.push(visit);
          p.ready = true;
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (import.meta.env.DEV) console.warn('The salon could not be opened', error);
        setState('failed');
      });
    return () => {
      cancelled = true;
      controller.abort();
      const left = sceneRef.current?.dispose();
      sceneRef.current = null;
      if (p) {
        if (visit && left) visit.afterDispose = left;
        p.scene = null;
        p.ready = false;
      }
    };
    // `cases` and `shown` follow `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [webgl, graphics, isEntered, key]);

  if (webgl === false || state === 'failed') {
    return (
      <p className={styles.unavailable} role="status" data-testid="salon-fallback">
        {webgl === false
          ? 'Your browser cannot show the salon in 3D: every piece is listed below, room by room.'
          : 'The salon could not be opened just now: every piece is listed below, room by room.'}{' '}
        <a href={`#${listId}`}>Go to the list</a>
      </p>
    );
  }

  const selectedPiece = shown.find((s) => s.product.id === selected) ?? null;
  const caseCount = cases.length;
  const goToCase = (index: number) => {
    const next = wrapCase(index, caseCount);
    setCaseIndex(next);
    sceneRef.current?.focusCase(next);
  };
  const open = (id: string) => {
    setSelected(id);
    sceneRef.current?.focusPiece(id);
    const piece = shown.find((s) => s.product.id === id);
    if (piece) setCaseIndex(piece.caseIndex);
    // The panel takes the focus once it is there.
    requestAnimationFrame(() => panelRef.current?.focus());
  };
  const close = () => {
    const id = selected;
    setSelected(null);
    const piece = shown.find((s) => s.product.id === id);
    if (piece) sceneRef.current?.focusCase(piece.caseIndex);
    if (id) markerRefs.current.get(id)?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const scene = sceneRef.current;
    const action = salonKeyAction(event.key);
    if (!scene || !action) return;
    if (action.kind === 'walk') scene.walk(action.forward, action.sideways);
    else if (action.kind === 'turn') scene.turn(action.yaw);
    else {
      // Enter on a marker or a button is theirs; on the salon itself it opens the piece straight ahead.
      if (event.target !== event.currentTarget) return;
      const rect = canvasRef.current?.getBoundingClientRect();
      const id = rect ? scene.pick(rect.left + rect.width / 2, rect.top + rect.height / 2) : null;
      if (!id) return;
      open(id);
    }
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    pointer.current = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: 0 };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = pointer.current;
    if (!p || p.id !== event.pointerId) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    p.moved += Math.abs(dx) + Math.abs(dy);
    p.x = event.clientX;
    p.y = event.clientY;
    if (p.moved > TAP_SLOP) sceneRef.current?.look(dx, event.pointerType === 'touch' ? 0 : dy);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = pointer.current;
    pointer.current = null;
    if (!p || p.id !== event.pointerId || p.moved > TAP_SLOP) return;
    const id = sceneRef.current?.pick(event.clientX, event.clientY);
    if (id) open(id);
  };

  const percent = Math.round(progress * 100);
  const isRing = selectedPiece ? isRingCategory(categoryNames.get(selectedPiece.product.categoryId)) : false;
  const current = cases[caseIndex]?.collection;
  return (
    <section className={styles.salon} aria-labelledby={`${helpId}-title`} data-testid="salon">
      <h2 id={`${helpId}-title`} className="visually-hidden">
        The salon in 3D
      </h2>
      <a href={`#${listId}`} className={styles.skip}>
        Skip the 3D salon: the written list of the pieces
      </a>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- role="application" is the widget that takes the keys itself (WAI-ARIA: it must be focusable and handle them) */}
      <div
        ref={stageRef}
        className={styles.stage}
        role="application"
        aria-roledescription="3D salon"
        aria-label="The salon: glass cases of the featured collections"
        aria-describedby={`${helpId}-help`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the same: an application is reached by Tab
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-state={!isEntered ? 'idle' : webgl === null ? 'loading' : state}
        data-testid="salon-stage"
      >
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (pointer.current = null)}
          data-testid="salon-canvas"
        />
        <p id={`${helpId}-help`} className={styles.help}>
          Drag to look around · arrows or WASD to walk · Tab to the pieces · Enter to open
        </p>
        <div className={styles.markers} role="group" aria-label="Pieces in the cases" hidden={!isEntered}>
          {shown.map(({ product, collection }) => (
            <button
              key={product.id}
              type="button"
              ref={(node) => {
                if (node) markerRefs.current.set(product.id, node);
                else markerRefs.current.delete(product.id);
              }}
              className={styles.marker}
              data-shown="false"
              aria-pressed={selected === product.id}
              aria-label={`${product.name}, ${collection.name}`}
              onFocus={() => {
                const piece = shown.find((s) => s.product.id === product.id);
                if (piece && selected !== product.id) {
                  setCaseIndex(piece.caseIndex);
                  sceneRef.current?.focusCase(piece.caseIndex);
                }
              }}
              onClick={() => open(product.id)}
              data-testid="salon-marker"
            >
              <span className={styles.markerDot} aria-hidden="true" />
            </button>
          ))}
        </div>
        {isEntered && caseCount > 1 ? (
          <div className={styles.cases}>
            <button type="button" className={styles.caseButton} onClick={() => goToCase(caseIndex - 1)} aria-label="Previous case">
              <span aria-hidden="true">‹</span>
            </button>
            <p className={styles.caseName} aria-live="polite">
              {current ? (
                <>
                  <span className={styles.caseTitle}>{current.name}</span>
                  <span className={styles.caseCount}>
                    {caseIndex + 1} / {caseCount}
                  </span>
                </>
              ) : null}
            </p>
            <button type="button" className={styles.caseButton} onClick={() => goToCase(caseIndex + 1)} aria-label="Next case">
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
        {!isEntered ? (
          <div className={styles.door} data-testid="salon-door">
            {/* What stands inside: each case's collection cover, lit in the dark (the list below names them). */}
            <ul className={styles.vitrines} aria-hidden="true">
              {cases.slice(0, DOOR_VITRINES).map(({ collection }, i) =>
                collection.coverImage ? (
                  <li key={collection.id} className={styles.vitrine} data-testid="salon-vitrine">
                    {/* The door is the first screen: its first vitrine is the page's largest paint (fetched first). */}
                    <ResponsiveImage
                      image={collection.coverImage}
                      sizes="(max-width: 767px) 8.5rem, 13rem"
                      isPriority={i === 0}
                      alt=""
                      className={styles.vitrineImage}
                    />
                  </li>
                ) : null,
              )}
            </ul>
            <div className={styles.doorText}>
              <p className={styles.loadingTitle}>The salon, after dark</p>
              <p className={styles.doorMeta}>
                {caseCount > 0
                  ? `${caseCount} ${caseCount === 1 ? 'case' : 'cases'} · ${shown.length} ${shown.length === 1 ? 'piece' : 'pieces'}`
                  : '\u00a0'}
              </p>
              <button
                type="button"
                className={buttonClassName({ variant: 'on-dark' })}
                onClick={() => setEntered(true)}
                disabled={webgl === null}
              >
                Enter the salon
              </button>
            </div>
          </div>
        ) : state === 'loading' ? (
          <div className={styles.loading} data-testid="salon-loading">
            <p className={styles.loadingTitle}>Opening the salon</p>
            <div
              className={styles.progress}
              role="progressbar"
              aria-label="Loading the salon"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent} %`}
            >
              <span className={styles.progressBar} style={{ transform: `scaleX(${progress})` }} />
            </div>
            <p className={styles.loadingFigure} aria-hidden="true">
              {percent} %
            </p>
          </div>
        ) : null}
        {selectedPiece ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog (WAI-ARIA dialog pattern)
          <div
            ref={panelRef}
            className={styles.panel}
            role="dialog"
            aria-modal="false"
            aria-labelledby={`${helpId}-piece`}
            tabIndex={-1}
            onKeyDown={(event) => {
              event.stopPropagation();
              if (event.key === 'Escape') close();
            }}
            data-testid="salon-panel"
          >
            <p className={`eyebrow ${styles.panelEyebrow}`}>{selectedPiece.collection.name}</p>
            <h3 id={`${helpId}-piece`} className={styles.panelName}>
              {selectedPiece.product.name}
            </h3>
            <p className={styles.panelMeta}>{productSubtitle(selectedPiece.product)}</p>
            <p className={styles.panelPrice} data-testid="salon-price">
              {formatPrice(selectedPiece.product)}
            </p>
            <div className={styles.panelActions}>
              <PageLink to={to.product(selectedPiece.product.id)} className={buttonClassName({ variant: 'on-dark' })}>
                View piece
              </PageLink>
              <PageLink to={to.view360(selectedPiece.product.id)} className={styles.panelLink}>
                360°
              </PageLink>
              {isRing ? (
                <PageLink to={to.arRing(selectedPiece.product.id)} className={styles.panelLink}>
                  Try on
                </PageLink>
              ) : null}
            </div>
            <button type="button" className={styles.panelClose} onClick={close} aria-label="Close">
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
