/**
 * Several instances, one Redis: a change to an account's sign-in state made on one instance is
 * forgotten by every other instance's cache at once (decisions §110). A subscriber that lost its
 * connection may have missed announcements, so on every (re)subscription it forgets everything.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AuthStateCache } from './auth-state-cache';

export const AUTH_STATE_CHANNEL = 'mirror:auth-state';

const Announcement = z.object({ from: z.string(), ids: z.array(z.string()).max(10_000) });

export interface AuthStateBusLog {
  warn(obj: object, msg: string): void;
}

/** Connects the cache to the other instances; resolves once subscribed; the returned function disconnects. */
export async function connectAuthStateBus(
  cache: AuthStateCache<unknown>,
  redis: Redis,
  log: AuthStateBusLog,
): Promise<() => Promise<void>> {
  const self = randomUUID();
  const subscriber = redis.duplicate();
  subscriber.on('error', (err: Error) => log.warn({ err: err.message }, 'redis subscriber error'));
  subscriber.on('message', (_channel: string, message: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    const announcement = Announcement.safeParse(parsed);
    if (!announcement.success || announcement.data.from === self) return;
    cache.forget(announcement.data.ids);
  });
  let subscribed = false;
  const subscribe = () =>
    subscriber.subscribe(AUTH_STATE_CHANNEL).then(
      () => {
        subscribed = true;
      },
      (err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'auth state channel not subscribed'),
    );
  // After a reconnect ioredis subscribes again and says 'ready': announcements may have been lost meanwhile.
  subscriber.on('ready', () => {
    cache.forget('all');
    if (!subscribed) void subscribe();
  });
  // Redis down at start: the API still starts (changes then reach the other instances within the cache's lifetime).
  await subscribe();

  cache.announceWith((ids) => {
    redis.publish(AUTH_STATE_CHANNEL, JSON.stringify({ from: self, ids })).catch((err: unknown) => {
      // The other instances then see the change within the cache's lifetime (as without Redis).
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'auth state change not announced');
    });
  });

  return async () => {
    cache.announceWith(() => undefined);
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
