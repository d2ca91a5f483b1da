import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/feedback/error-boundary';
import { ApiError } from '../lib/errors';
import { onSignOut } from '../lib/session';

/** `isServer`: one client per server render, dropped after it (no sign-out hook to leak). */
export function createQueryClient({ isServer = false }: { isServer?: boolean } = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers will not change by asking again.
        // On the server a page is prepared with what answers at once; the browser asks for the rest.
        retry: isServer
          ? false
          : (count, error) => !(error instanceof ApiError && error.status !== undefined && error.status < 500) && count < 2,
      },
    },
  });
  if (!isServer) onSignOut(() => client.clear());
  return client;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Everything above the router, identical on the server and in the browser (hydration needs the
 * same tree on both sides).
 */
export function AppRoot({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <Providers client={client}>{children}</Providers>
      </ErrorBoundary>
    </StrictMode>
  );
}
