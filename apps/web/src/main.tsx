import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { ErrorBoundary } from './components/feedback/error-boundary';
import { Providers, createQueryClient } from './app/providers';
import { createRouter } from './app/router';
import { initSession } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

initSession();
const router = createRouter();
const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);
