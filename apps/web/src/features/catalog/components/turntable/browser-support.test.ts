// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A worker that answers the probe with `answer` (or fails), and records that it was asked and ended. */
function fakeWorker(answer: unknown) {
  const made: { url: string; terminated: boolean }[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    record: { url: string; terminated: boolean };
    constructor(url: URL | string) {
      this.record = { url: String(url), terminated: false };
      made.push(this.record);
    }
    postMessage() {
      queueMicrotask(() => {
        if (answer instanceof Error) this.onerror?.(answer);
        else this.onmessage?.({ data: answer } as MessageEvent);
      });
    }
    terminate() {
      this.record.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', function OffscreenCanvas() {});
  return made;
}

/** The page's own canvases: a GPU context, or none at all. */
function pageCanvases(kind: 'hardware' | 'none') {
  const gl = { RENDERER: 0x1f01, getExtension: () => null, getParameter: () => 'Apple GPU' };
  return vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => (kind === 'none' ? null : gl)) as never);
}

async function freshProbe() {
  vi.resetModules();
  return (await import('./browser-support')).probeGraphics;
}

describe('probeGraphics', () => {
  beforeEach(() => vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0)));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks a worker, once per page, and never opens a context on the main thread', async () => {
    const workers = fakeWorker('software');
    const canvases = pageCanvases('hardware');
    const probeGraphics = await freshProbe();
    expect(await probeGraphics()).toBe('software');
    expect(await probeGraphics()).toBe('software');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url).toContain('graphics-probe.worker');
    expect(workers[0]!.terminated).toBe(true);
    expect(canvases).not.toHaveBeenCalled();
  });

  it('asks the page’s canvases when the worker finds no WebGL (a browser without WebGL in workers)', async () => {
    fakeWorker('none');
    const canvases = pageCanvases('hardware');
    const probeGraphics = await freshProbe();
    expect(await probeGraphics()).toBe('hardware');
    expect(canvases).toHaveBeenCalled();
  });

  it('asks the page’s canvases when the worker fails or answers nonsense', async () => {
    fakeWorker(new Error('no module workers'));
    pageCanvases('none');
    expect(await (await freshProbe())()).toBe('none');
    fakeWorker('a GPU, surely');
    pageCanvases('hardware');
    expect(await (await freshProbe())()).toBe('hardware');
  });

  it('asks the page’s canvases, when idle, where there is no OffscreenCanvas', async () => {
    vi.stubGlobal('Worker', function Worker() {});
    vi.stubGlobal('OffscreenCanvas', undefined);
    const canvases = pageCanvases('hardware');
    const probeGraphics = await freshProbe();
    const answer = probeGraphics();
    expect(canvases).not.toHaveBeenCalled();
    expect(await answer).toBe('hardware');
  });
});
