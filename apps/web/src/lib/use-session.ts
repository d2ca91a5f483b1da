import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from './session';

/** The session as React state. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
