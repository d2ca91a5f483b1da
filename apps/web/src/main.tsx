import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { readBootData, refreshForSignedIn, seedQueryCache } from './app/boot';
import { AppRoot, createQueryClient } from './app/providers';
import { createRouter, preloadRoute } from './app/router';
import { setHydrating } from './components/motion/after-first-paint';
import { nextTask } from './lib/next-task';
import { dropStaticMeta } from './lib/page-meta';
import { initSession } from './lib/session';
import { getAccessToken } from './lib/tokens';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
const boot = readBootData();
// The server rendered this page's HTML from the inlined answers (entry-server.tsx): hydrate it.
const isServerRendered = boot !== null && container.hasAttribute('data-ssr');

/**
 * The start, in short tasks (decision 0120): the entry's own modules ran in this task; the page's chunk
 * runs in its own, then the router is created in another, then hydration begins (itself split by React:
 * it is a transition). Between them the browser paints, answers input and reads the network — no step
 * holds the main thread long enough to count as a long task on a phone.
 */
async function start(container: HTMLElement): Promise<void> {
  // The task that evaluated the entry's modules (React, the router, the shell) ends here; the session and the
  // inlined answers' seeding are the next one (in one task with the evaluation: 127–158 ms under Lighthouse's 4×
  // CPU; apart, 107–109 ms and a short one; decision 0135).
  await nextTask();
  initSession();
  if (boot) seedQueryCache(queryClient, boot);
  if (boot) {
    // The server prepared this page and preloads its chunk: wait for it (never long) so the first
    // render is the page itself, not 'Loading...' then the page. (No top-level await: lazy chunks
    // import from this entry, which must not wait on them.) Hydration would wait for it anyway.
    await Promise.race([preloadRoute(window.location.pathname), new Promise((resolve) => setTimeout(resolve, 3000))]);
    await nextTask();
  }
  const router = createRouter();
  const app = (
    <AppRoot client={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  if (isServerRendered) {
    await nextTask();
    setHydrating(true);
    // Hydration is over once the visitor goes elsewhere: later pages render in full at once.
    const unsubscribe = router.subscribe(() => {
      setHydrating(false);
      unsubscribe();
    });
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (no long task; input stays responsive meanwhile).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    dropStaticMeta(document);
    createRoot(container).render(app);
  }
  if (boot && getAccessToken() !== null) refreshForSignedIn(queryClient, boot);
}

void start(container);
