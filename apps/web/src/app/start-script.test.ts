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

/** A browser with paint timing and Element Timing: each observer by the entry type it watches, to report to. */
function withPaintReports() {
  const observers = new Map<string, (entries: object[]) => void>();
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'element', 'largest-contentful-paint'];
    constructor(
      private readonly callback: (list: { getEntries: () => object[]; getEntriesByName: (n: string) => object[] }, o: unknown) => void,
    ) {}
    observe({ type }: { type: string }) {
      observers.set(type, (entries) =>
        this.callback(
          { getEntries: () => entries, getEntriesByName: (n) => entries.filter((e) => (e as { name?: string }).name === n) },
          this,
        ),
      );
    }
    disconnect() {}
  }
  return { FakeObserver, report: (type: string, entries: object[]) => observers.get(type)?.(entries) };
}

/** The page's largest image, in the first screen, decoded at once; `elementtiming` as the server renders it. */
function priorityImage(): HTMLImageElement {
  const image = document.createElement('img');
  image.setAttribute('fetchpriority', 'high');
  image.setAttribute('elementtiming', 'priority');
  image.getBoundingClientRect = () => ({ width: 400, height: 500, top: 100, bottom: 600, left: 0, right: 400 }) as DOMRect;
  image.decode = () => Promise.resolve();
  // Still arriving (jsdom calls an image without a source complete, i.e. failed).
  Object.defineProperty(image, 'complete', { value: false });
  document.body.append(image);
  return image;
}

function runStarterWith(FakeObserver: unknown) {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../public/start.js'), 'utf8');
  const me = document.createElement('script');
  me.setAttribute('data-entry', '/assets/index.js');
  me.setAttribute('data-modulepreload', '');
  document.body.append(me);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => me });
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  runInThisContext(source);
}

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

  it('starts once the largest image is on the screen, not when it is decoded (decision 0135)', async () => {
    vi.useFakeTimers();
    const image = priorityImage();
    const { FakeObserver, report } = withPaintReports();
    runStarterWith(FakeObserver);
    report('paint', [{ name: 'first-contentful-paint' }]);
    await vi.advanceTimersByTimeAsync(100);
    // Decoded and the first paint reported, the image not yet shown: nothing requested.
    expect(added()).toHaveLength(0);
    report('element', [{ element: image, identifier: 'priority' }]);
    await vi.advanceTimersByTimeAsync(10);
    expect(added().map((el) => el.getAttribute('src'))).toEqual(['/assets/index.js']);
  });

  it('waits half a second at most for a paint the browser never reports', async () => {
    vi.useFakeTimers();
    priorityImage();
    const { FakeObserver, report } = withPaintReports();
    runStarterWith(FakeObserver);
    report('paint', [{ name: 'first-contentful-paint' }]);
    await vi.advanceTimersByTimeAsync(450);
    expect(added()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(added()).toHaveLength(1);
  });

  it('does not wait for the paint of a priority image outside the first screen', async () => {
    vi.useFakeTimers();
    const image = priorityImage();
    image.getBoundingClientRect = () => ({ width: 400, height: 500, top: 2000, bottom: 2500, left: 0, right: 400 }) as DOMRect;
    const { FakeObserver, report } = withPaintReports();
    runStarterWith(FakeObserver);
    report('paint', [{ name: 'first-contentful-paint' }]);
    await vi.advanceTimersByTimeAsync(10);
    expect(added()).toHaveLength(1);
  });
});
