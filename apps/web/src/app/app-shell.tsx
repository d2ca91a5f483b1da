import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isFooterHidden, isNavbarHidden } from '../components/layout/chrome-rules';
import { Footer } from '../components/layout/footer';
import { Navbar } from '../components/layout/navbar';
import { AfterFirstPaint } from '../components/motion/after-first-paint';
import { Toaster } from '../components/ui/toast';
import { createPrefetcher, installHoverPrefetch } from '../lib/prefetch';
import { PAGE_ROOT_ID, scrollToTopFlag } from '../lib/transitions';
import { useAppReady } from './lazy-page';
import styles from './app-shell.module.css';

export interface AppShellProps {
  preloadRoute: (pathname: string) => void;
}

/**
 * React Router's scroll restoration, from the moment the first page is live. Its first act restores
 * the position kept for the entry (sessionStorage): a router update, which re-renders everything
 * under the router. Arriving while a server-rendered page is still being hydrated (React hydrates a
 * page's Suspense boundary after the frame), such an update makes React discard the server's HTML of
 * the page and render it again, silently: the hydration it was for is lost.
 */
function ScrollRestorationOnceLive() {
  return useAppReady() ? <ScrollRestoration /> : null;
}

/** The frame: header landmark, one <main> the transitions watch, footer — per the chrome rules. */
export function AppShell({ preloadRoute }: AppShellProps) {
  const { pathname } = useLocation();
  const hasNavbar = !isNavbarHidden(pathname);
  const hasFooter = !isFooterHidden(pathname);

  useEffect(() => installHoverPrefetch(createPrefetcher({ preloadRoute })), [preloadRoute]);

  useLayoutEffect(() => {
    if (scrollToTopFlag.consume()) window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href={`#${PAGE_ROOT_ID}`}>
        Skip to content
      </a>
      {hasNavbar ? <Navbar /> : null}
      <main
        id={PAGE_ROOT_ID}
        data-path={pathname}
        tabIndex={-1}
        className={[styles.main, hasNavbar && styles.withNavbar].filter(Boolean).join(' ')}
      >
        <Outlet />
      </main>
      {hasFooter ? (
        <AfterFirstPaint minHeight="0">
          <Footer />
        </AfterFirstPaint>
      ) : null}
      <Toaster />
      <ScrollRestorationOnceLive />
    </>
  );
}
