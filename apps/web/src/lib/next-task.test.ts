import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses scheduler.yield when the browser has it', async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });

  it('otherwise resolves in a later task, after the microtasks queued now', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const task = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await task;
    expect(order).toEqual(['microtask', 'next task']);
  });
});
