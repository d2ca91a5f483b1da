/**
 * Model builds take 50–500 ms of CPU: they run on one worker thread so the event loop keeps
 * serving. The worker is started on first use and stopped when the app closes. Where no worker
 * script can be found, builds run in-process.
 */
import { Worker } from 'node:worker_threads';
import { buildModel } from './build';
import type { ModelSpec } from '@mirror/imagery/models';
import { workerSource } from '@mirror/imagery';

export interface BuildPool {
  build(spec: ModelSpec): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * The worker: the bundle's dist/modules/models/build.worker.js, or in the sources (dev, tests)
 * build.worker.ts loaded through tsx, which a worker has to register itself.
 */
const workerScript = () =>
  workerSource(
    [new URL('./build.worker.js', import.meta.url), new URL('./modules/models/build.worker.js', import.meta.url)],
    new URL('./build.worker.ts', import.meta.url),
  );

export function createBuildPool({ inProcess = false }: { inProcess?: boolean } = {}): BuildPool {
  const source = inProcess ? null : workerScript();
  if (!source) return { build: (spec) => buildModel(spec), close: async () => {} };
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = null;
  };
  const start = (): Worker => {
    const w = new Worker(source.script, { eval: source.eval });
    w.on('message', (msg: { id: number; bytes?: Uint8Array; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.bytes) p.resolve(new Uint8Array(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength));
      else p.reject(new Error(`model build failed: ${msg.error}`));
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => {
      if (pending.size) failAll(new Error(`model worker exited (${code})`));
      worker = null;
    });
    // an idle worker does not keep the process alive
    w.unref();
    return w;
  };

  return {
    build(spec) {
      worker ??= start();
      const id = nextId++;
      const w = worker;
      return new Promise<Uint8Array>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, spec });
      }).finally(() => {
        if (pending.size === 0) worker?.unref();
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
