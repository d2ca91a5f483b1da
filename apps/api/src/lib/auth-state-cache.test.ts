import { describe, expect, it } from 'vitest';
import { createAuthStateCache } from './auth-state-cache';

interface State {
  id: string;
  version: number;
}

/** A fake clock and a store whose reads are counted (and can be held open to race a change). */
function setup(ttlMs = 5000, maxEntries?: number) {
  let clock = 1_000;
  const cache = createAuthStateCache<State>({ ttlMs, maxEntries, now: () => clock });
  const rows = new Map<string, State>([
    ['a', { id: 'a', version: 1 }],
    ['b', { id: 'b', version: 1 }],
    ['c', { id: 'c', version: 1 }],
  ]);
  let reads = 0;
  let hold: Promise<void> | null = null;
  const load = async (id: string) => {
    reads += 1;
    const row = rows.get(id);
    const copy = row ? { ...row } : null;
    if (hold) await hold;
    return copy;
  };
  return {
    cache,
    rows,
    load,
    reads: () => reads,
    advance: (ms: number) => {
      clock += ms;
    },
    holdReads: () => {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('the sign-in state cache', () => {
  it('reads an account once within its lifetime, again after it', async () => {
    const t = setup(5000);
    expect(await t.cache.read('a', t.load)).toEqual({ id: 'a', version: 1 });
    expect(await t.cache.read('a', t.load)).toEqual({ id: 'a', version: 1 });
    expect(t.reads()).toBe(1);
    t.rows.set('a', { id: 'a', version: 2 });
    t.advance(4999);
    expect((await t.cache.read('a', t.load))?.version).toBe(1);
    t.advance(1);
    expect((await t.cache.read('a', t.load))?.version).toBe(2);
    expect(t.reads()).toBe(2);
  });

  it('forgets a changed account at once, and only that account', async () => {
    const t = setup();
    await t.cache.read('a', t.load);
    await t.cache.read('b', t.load);
    t.rows.set('a', { id: 'a', version: 2 });
    t.cache.changed(['a']);
    expect((await t.cache.read('a', t.load))?.version).toBe(2);
    await t.cache.read('b', t.load);
    expect(t.reads()).toBe(3);
  });

  it('announces a change to the other instances with the accounts named once, ignoring empty links', () => {
    const t = setup();
    const announced: string[][] = [];
    t.cache.announceWith((ids) => announced.push(ids));
    t.cache.changed(['a', null, undefined, '', 'a', 'b']);
    t.cache.changed([null]);
    expect(announced).toEqual([['a', 'b']]);
  });

  it('forgets what another instance announces without announcing it again', async () => {
    const t = setup();
    const announced: string[][] = [];
    t.cache.announceWith((ids) => announced.push(ids));
    await t.cache.read('a', t.load);
    t.cache.forget(['a']);
    await t.cache.read('a', t.load);
    expect(t.reads()).toBe(2);
    t.cache.forget('all');
    await t.cache.read('a', t.load);
    expect(t.reads()).toBe(3);
    expect(announced).toEqual([]);
  });

  it('does not keep a read that was in flight when a change landed (it may predate the commit)', async () => {
    const t = setup();
    const release = t.holdReads();
    const racing = t.cache.read('a', t.load);
    t.rows.set('a', { id: 'a', version: 2 });
    t.cache.changed(['a']);
    release();
    expect((await racing)?.version).toBe(1); // its caller started before the change
    expect((await t.cache.read('a', t.load))?.version).toBe(2);
    expect(t.reads()).toBe(2);
  });

  it('shares one read among the requests that arrive together', async () => {
    const t = setup();
    const release = t.holdReads();
    const burst = Array.from({ length: 20 }, () => t.cache.read('a', t.load));
    release();
    const states = await Promise.all(burst);
    expect(states.every((s) => s?.version === 1)).toBe(true);
    expect(t.reads()).toBe(1);
  });

  it('keeps no unknown account, so a later one is read', async () => {
    const t = setup();
    expect(await t.cache.read('nobody', t.load)).toBeNull();
    t.rows.set('nobody', { id: 'nobody', version: 1 });
    expect(await t.cache.read('nobody', t.load)).toEqual({ id: 'nobody', version: 1 });
  });

  it('keeps at most maxEntries accounts, dropping the oldest', async () => {
    const t = setup(5000, 2);
    await t.cache.read('a', t.load);
    await t.cache.read('b', t.load);
    await t.cache.read('c', t.load);
    expect(t.cache.size).toBe(2);
    await t.cache.read('c', t.load);
    await t.cache.read('b', t.load);
    expect(t.reads()).toBe(3);
    await t.cache.read('a', t.load);
    expect(t.reads()).toBe(4);
  });

  it('with a lifetime of 0 reads the row on every request', async () => {
    const t = setup(0);
    await t.cache.read('a', t.load);
    await t.cache.read('a', t.load);
    expect(t.reads()).toBe(2);
    expect(t.cache.size).toBe(0);
  });

  it('a failed read is not kept and the next request reads again', async () => {
    const t = setup();
    let fail = true;
    const load = async (id: string) => {
      if (fail) throw new Error('database unavailable');
      return t.load(id);
    };
    await expect(t.cache.read('a', load)).rejects.toThrow('database unavailable');
    fail = false;
    expect(await t.cache.read('a', load)).toEqual({ id: 'a', version: 1 });
  });
});
