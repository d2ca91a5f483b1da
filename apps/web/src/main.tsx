import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { ErrorBoundary } from './components/feedback/error-boundary';
import { readBootData, seedQueryCache } from './app/boot';
import { Providers, createQueryClient } from './app/providers';
import { createRouter, preloadRoute } from './app/router';
import { initSession } from './lib/session';
import { getAccessToken } from './lib/tokens';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

initSession();
const queryClient = createQueryClient();
const boot = readBootData();
let ready: Promise<unknown> = Promise.resolve();
if (boot) {
  seedQueryCache(queryClient, boot, getAccessToken() !== null);
  // The server prepared this page and preloads its chunk: wait for it (never long) so the first
  // render is the page itself, not 'Loading...' then the page. (No top-level await: lazy chunks
  // import from this entry, which must not wait on them.)
  ready = Promise.race([preloadRoute(window.location.pathname), new Promise((resolve) => setTimeout(resolve, 3000))]);
}

void ready.then(() => {
  const router = createRouter();
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </ErrorBoundary>
    </StrictMode>,
  );
});
