import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResultCache } from './result-cache';

/** A recount the test finishes by hand: `load` starts one, `finish(value)` answers the oldest still open. */
function recounts() {
  const open: ((value: number) => void)[] = [];
  let started = 0;
  return {
    load: () =>
      new Promise<number>((resolve) => {
        started += 1;
        open.push(resolve);
      }),
    finish: (value: number) => open.shift()!(value),
    get started() {
      return started;
    },
  };
}

/** What a promise has settled to so far (`pending` until it does), after the microtasks queued now. */
async function stateOf<T>(promise: Promise<T>): Promise<T | 'pending'> {
  const settled: { value?: T; isSettled: boolean } = { isSettled: false };
  void promise.then((value) => Object.assign(settled, { value, isSettled: true }));
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  return settled.isSettled ? (settled.value as T) : 'pending';
}

describe('createResultCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a figure for its TTL, then serves it while one recount runs in the background', async () => {
    const cache = createResultCache(1_000);
    const r = recounts();
    const first = cache.get('k', r.load);
    r.finish(1);
    expect(await first).toBe(1);
    expect(await cache.get('k', r.load)).toBe(1);
    expect(r.started).toBe(1);
    vi.advanceTimersByTime(1_001);
    // Expired: the last figure at once, and a single recount for two callers.
    expect(await cache.get('k', r.load)).toBe(1);
    expect(await cache.get('k', r.load)).toBe(1);
    expect(r.started).toBe(2);
    r.finish(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get('k', r.load)).toBe(2);
  });

  it('after a write, waits for the recount whatever it takes, by default', async () => {
    const cache = createResultCache(60_000);
    const r = recounts();
    const first = cache.get('k', r.load);
    r.finish(1);
    await first;
    cache.clear();
    const after = cache.get('k', r.load);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await stateOf(after)).toBe('pending');
    r.finish(2);
    expect(await after).toBe(2);
  });

  it('after a write, with a wait: the recount when it comes in time, else the figure from before the write until it does', async () => {
    const cache = createResultCache(60_000, 500, undefined, 1_000);
    const r = recounts();
    const first = cache.get('k', r.load);
    r.finish(1);
    await first;

    // A quick recount is awaited: a writer reads their own write.
    cache.clear();
    const quick = cache.get('k', r.load);
    await vi.advanceTimersByTimeAsync(200);
    r.finish(2);
    expect(await quick).toBe(2);

    // A late one: the figure from before the write once the wait is over, and the same to the next caller at
    // once (one recount for both), then the recount's figure once it is in.
    cache.clear();
    const late = cache.get('k', r.load);
    await vi.advanceTimersByTimeAsync(999);
    expect(await stateOf(late)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await stateOf(late)).toBe(2);
    // (It does not wait again: the recount is known to be late.)
    expect(await stateOf(cache.get('k', r.load))).toBe(2);
    expect(r.started).toBe(3);
    r.finish(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get('k', r.load)).toBe(3);
    expect(r.started).toBe(3);
  });

  it('never stores a recount that started before a write, and a key never counted has nothing to serve but its count', async () => {
    const cache = createResultCache(60_000, 500, undefined, 1_000);
    const r = recounts();
    const never = cache.get('new', r.load);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await stateOf(never)).toBe('pending');
    r.finish(7);
    expect(await never).toBe(7);

    // Expired, so a background recount starts; a write lands before it answers.
    const first = cache.get('k', r.load);
    r.finish(1);
    await first;
    vi.advanceTimersByTime(60_001);
    expect(await cache.get('k', r.load)).toBe(1);
    cache.clear();
    r.finish(100); // the pre-write recount: orphaned
    const after = cache.get('k', r.load);
    r.finish(2);
    expect(await after).toBe(2);
    expect(await cache.get('k', r.load)).toBe(2);
  });

  it('clears every cache of its group together, each by its own rule', async () => {
    const group = {};
    const waits = createResultCache(60_000, 500, group, 1_000);
    const exact = createResultCache(60_000, 500, group);
    const r = recounts();
    const a = waits.get('k', r.load);
    r.finish(1);
    await a;
    const b = exact.get('k', r.load);
    r.finish(10);
    await b;
    exact.clear();
    const fromWaits = waits.get('k', r.load);
    const fromExact = exact.get('k', r.load);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await stateOf(fromWaits)).toBe(1);
    expect(await stateOf(fromExact)).toBe('pending');
    r.finish(2);
    r.finish(20);
    expect(await fromExact).toBe(20);
  });
});
