import { useState, useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from './session';

/** What the server renders with, and so what hydration starts from: nobody known yet. */
const SERVER_SESSION: SessionState = { status: 'pending', user: null };

/** The session as React state. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, () => SERVER_SESSION);
}

/**
 * Whether someone was signed in when the page first knew (its first session that is not 'pending'),
 * and null until then. A page rendered on the server hydrates with the pending session: the answer
 * comes with the render after hydration, not from the hydrating one.
 */
export function useSignedInOnArrival(): boolean | null {
  const { status, user } = useSession();
  const [onArrival, setOnArrival] = useState<boolean | null>(() => (status === 'ready' ? user !== null : null));
  if (onArrival === null && status === 'ready') {
    setOnArrival(user !== null);
    return user !== null;
  }
  return onArrival;
}
