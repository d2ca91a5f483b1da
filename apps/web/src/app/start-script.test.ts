// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** public/start.js, run as the browser runs it: a classic script whose element lists what it adds. */
function runStarter(preloads: string[]) {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../public/start.js'), 'utf8');
  const me = document.createElement('script');
  me.setAttribute('data-entry', '/assets/index.js');
  me.setAttribute('data-modulepreload', preloads.join(' '));
  document.body.append(me);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => me });
  // No paint timing here: the starter's timer starts it.
  vi.stubGlobal('PerformanceObserver', undefined);
  vi.stubGlobal('requestAnimationFrame', () => 0);
  runInThisContext(source);
}

const added = () => [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')];

describe('start.js (decision 0123)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.replaceChildren();
    document.body.replaceChildren();
  });

  it('adds the modulepreloads a few a task, in order, and the entry last', () => {
    vi.useFakeTimers();
    const preloads = Array.from({ length: 17 }, (_, i) => `/assets/chunk-${i}.js`);
    runStarter(preloads);
    vi.advanceTimersByTime(3000);
    // The task that starts the app adds two, not all eighteen.
    expect(added()).toHaveLength(2);
    vi.runAllTimers();
    const all = added();
    expect(all.map((el) => el.getAttribute(el.tagName === 'LINK' ? 'href' : 'src'))).toEqual([...preloads, '/assets/index.js']);
    expect(all.at(-1)!.tagName).toBe('SCRIPT');
    expect(all.every((el) => el.getAttribute('crossorigin') === '')).toBe(true);
  });
});
