import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from './session';

/** What the server renders with, and so what hydration starts from: nobody known yet. */
const SERVER_SESSION: SessionState = { status: 'pending', user: null };

/** The session as React state. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, () => SERVER_SESSION);
}
