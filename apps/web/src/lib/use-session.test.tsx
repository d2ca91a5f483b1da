import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from './session';

/** The session store, driven by the test (the real one signs in through the API). */
let session: SessionState = { status: 'pending', user: null };
const listeners = new Set<() => void>();
vi.mock('./session', () => ({
  getSession: () => session,
  subscribeSession: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
}));
const { useSignedInOnArrival } = await import('./use-session');

function setSession(next: SessionState) {
  session = next;
  for (const listener of [...listeners]) listener();
}

const camille = { userId: 'u1', username: 'camille' } as SessionState['user'];

function Probe() {
  const onArrival = useSignedInOnArrival();
  return <p>{onArrival === null ? 'unknown' : onArrival ? 'signed in on arrival' : 'signed out on arrival'}</p>;
}

async function hydrate(): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Probe />);
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Probe />, { onRecoverableError: (error) => errors.push(error) });
    await Promise.resolve();
  });
  expect(errors).toEqual([]);
  return container;
}

describe('useSignedInOnArrival on a server-rendered page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    session = { status: 'pending', user: null };
  });

  it('hydrates with the server’s pending session, then learns who arrived signed in', async () => {
    // Known before hydration (a cached user): the hydrating render still agrees with the server's.
    session = { status: 'ready', user: camille };
    const container = await hydrate();
    expect(container.textContent).toBe('signed in on arrival');
  });

  it('keeps the first answer: a sign-in made on the page is not an arrival signed in', async () => {
    const container = await hydrate();
    expect(container.textContent).toBe('unknown');
    act(() => setSession({ status: 'ready', user: null }));
    expect(container.textContent).toBe('signed out on arrival');
    act(() => setSession({ status: 'ready', user: camille }));
    expect(container.textContent).toBe('signed out on arrival');
  });
});
