import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { PageLink } from '../../../../components/layout/page-link';
import { ResponsiveImage } from '../../../../components/media/responsive-image';
import { paths, to } from '../../../../config/routes';
import { errorText, ApiError } from '../../../../lib/errors';
import { PageMeta } from '../../../../lib/page-meta';
import { categoryQuery, productQuery } from '../../api/catalog.queries';
import { useCamera, useGraphics } from '../turntable/browser-support';
import { drawsWebGL } from '../turntable/graphics';
import { ArMirror } from './ar-mirror';
import styles from './ar-try-on.module.css';
import { isRingCategory } from '../../ring';

type Phase = 'intro' | 'live' | 'denied' | 'no-camera' | 'failed';

function Screen({
  eyebrow,
  title,
  media,
  children,
  testId,
}: {
  eyebrow: string;
  title: string;
  media?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.screen} aria-labelledby="page-title" data-testid={testId}>
      <div className={styles.screenInner}>
        {media}
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="page-title" className={styles.screenTitle}>
          {title}
        </h1>
        <span className={styles.rule} aria-hidden="true" />
        {children}
      </div>
    </section>
  );
}

/** One action in ivory, the other ways on in a quiet row of links beneath it. */
function Actions({ primary, children }: { primary: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.actions}>
      {primary}
      {children ? <div className={styles.links}>{children}</div> : null}
    </div>
  );
}

/** The way back to the piece and its 360° view, offered on every screen that cannot show the mirror. */
function BackToPiece({ productId, isPrimary = false }: { productId: string; isPrimary?: boolean }) {
  const back = (
    <PageLink to={to.product(productId)} className={isPrimary ? styles.primary : styles.secondary}>
      Back to the piece
    </PageLink>
  );
  const view360 = (
    <PageLink to={to.view360(productId)} className={styles.secondary}>
      See it in 360°
    </PageLink>
  );
  if (isPrimary) return <Actions primary={back}>{view360}</Actions>;
  return (
    <>
      {back}
      {view360}
    </>
  );
}

/** The camera's two recoverable troubles: the same screen, its own words. */
const CAMERA_TROUBLE = {
  denied: {
    title: 'The camera is not allowed',
    text:
      'To try the ring on, allow this site to use your camera — in the address bar or your browser’s ' +
      'settings — then try again. The picture stays on your device: nothing is recorded or sent.',
    testId: 'ar-denied',
  },
  failed: {
    title: 'The camera could not start',
    text: 'Another application may be using it. Close it, then try again.',
    testId: 'ar-camera-failed',
  },
} as const;

/**
 * /ar/rings/{ringId}: the ring on the visitor's own hand, through their camera (issue 12). Full
 * screen and dark, no site chrome. The camera opens only when asked; without a camera, with the
 * camera refused, or without WebGL, a sentence and the way back to the piece take its place.
 */
export function ArTryOnPage({ ringId }: { ringId: string }) {
  const product = useQuery({ ...productQuery(ringId), enabled: ringId !== '' });
  const categoryId = product.data?.categoryId ?? '';
  const category = useQuery({ ...categoryQuery(categoryId), enabled: categoryId !== '' });
  const [phase, setPhase] = useState<Phase>('intro');
  const camera = useCamera();
  const graphics = useGraphics();
  const webgl = drawsWebGL(graphics);
  const support = camera === null || webgl === null ? null : { camera, webgl };
  const p = product.data;
  const isRing = isRingCategory(category.data?.name);
  const meta = (
    <PageMeta
      title={p && isRing ? `Try on ${p.name}` : 'Try on'}
      description={p && isRing ? `${p.name} on your own hand, through your camera.` : undefined}
    />
  );

  const onCameraError = useCallback((kind: 'denied' | 'no-camera' | 'failed') => setPhase(kind), []);

  const isMissing = product.isError && product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
  if (!ringId || isMissing) {
    return (
      <Screen eyebrow="Try on" title="This ring could not be found" testId="ar-not-found">
        {meta}
        <p className={styles.text}>It may have left the collection. The other rings are waiting for you.</p>
        <Actions
          primary={
            <PageLink to={paths.products} className={styles.primary}>
              Browse the pieces
            </PageLink>
          }
        />
      </Screen>
    );
  }
  if (product.isError || category.isError) {
    const retry = () => void (product.isError ? product.refetch() : category.refetch());
    return (
      <Screen eyebrow="Try on" title="The try-on could not be prepared" testId="ar-error">
        {meta}
        <p className={styles.text} role="alert">
          {errorText(product.error ?? category.error)}
        </p>
        <Actions
          primary={
            <button type="button" className={styles.primary} onClick={retry}>
              Try again
            </button>
          }
        >
          <PageLink to={paths.products} className={styles.secondary}>
            Browse the pieces
          </PageLink>
        </Actions>
      </Screen>
    );
  }
  if (!p || !category.data || !support) {
    return (
      <section className={styles.screen} aria-labelledby="page-title" aria-busy="true" data-testid="ar-loading">
        {meta}
        <div className={styles.screenInner}>
          <p className={styles.eyebrow}>Try on</p>
          <h1 id="page-title" className={styles.screenTitle}>
            Preparing the mirror…
          </h1>
        </div>
      </section>
    );
  }
  if (!isRing) {
    return (
      <Screen eyebrow="Try on" title="Only rings can be tried on here" testId="ar-not-a-ring">
        {meta}
        <p className={styles.text}>{p.name} is not a ring. You can study it up close on its page.</p>
        <Actions
          primary={
            <PageLink to={to.product(p.id)} className={styles.primary}>
              Back to the piece
            </PageLink>
          }
        >
          <PageLink to={paths.products} className={styles.secondary}>
            Browse the pieces
          </PageLink>
        </Actions>
      </Screen>
    );
  }
  if (!support.webgl) {
    return (
      <Screen eyebrow={`Try on · ${p.name}`} title="This browser cannot draw the ring" testId="ar-no-webgl">
        {meta}
        <p className={styles.text}>
          The try-on needs WebGL, which this browser or device has turned off. The piece’s page and its studio images are still yours to
          see.
        </p>
        <BackToPiece productId={p.id} isPrimary />
      </Screen>
    );
  }
  if (!support.camera || phase === 'no-camera') {
    return (
      <Screen eyebrow={`Try on · ${p.name}`} title="No camera was found" testId="ar-no-camera">
        {meta}
        <p className={styles.text}>
          The try-on shows the ring on your hand through a camera, and this device offers none. Try it from your phone, or see the piece in
          360°.
        </p>
        <BackToPiece productId={p.id} isPrimary />
      </Screen>
    );
  }
  if (phase === 'denied' || phase === 'failed') {
    const trouble = CAMERA_TROUBLE[phase];
    return (
      <Screen eyebrow={`Try on · ${p.name}`} title={trouble.title} testId={trouble.testId}>
        {meta}
        <p className={styles.text}>{trouble.text}</p>
        <Actions
          primary={
            <button type="button" className={styles.primary} onClick={() => setPhase('live')}>
              Try again
            </button>
          }
        >
          <BackToPiece productId={p.id} />
        </Actions>
      </Screen>
    );
  }
  if (phase === 'intro') {
    return (
      <Screen
        eyebrow="Try on"
        title={p.name}
        testId="ar-intro"
        media={
          p.images[0] ? (
            <div className={styles.piece}>
              <ResponsiveImage image={p.images[0]} sizes="9rem" isPriority alt={p.images[0].alt || p.name} className={styles.pieceImage} />
            </div>
          ) : undefined
        }
      >
        {meta}
        <p className={styles.text}>
          See the ring on your own hand. Hold the back of your hand to the camera, fingers a little apart, in good light.
        </p>
        <p className={styles.fineprint}>The picture stays on your device: nothing is recorded or sent.</p>
        <Actions
          primary={
            <button type="button" className={styles.primary} onClick={() => setPhase('live')} data-testid="ar-start">
              Open the camera
            </button>
          }
        >
          <BackToPiece productId={p.id} />
        </Actions>
      </Screen>
    );
  }
  return (
    <>
      {meta}
      <ArMirror
        productId={p.id}
        name={p.name}
        metal={p.metalType}
        backTo={to.product(p.id)}
        graphics={graphics ?? 'hardware'}
        onCameraError={onCameraError}
      />
    </>
  );
}
