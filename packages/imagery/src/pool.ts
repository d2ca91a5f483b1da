/**
 * The render threads: a photograph takes seconds of CPU, so it is drawn off the main thread, one
 * per core (both cores of the demo machine during the first start's seed). Threads start on first
 * use and do not keep the process alive when idle. The bundled server runs dist/imagery.worker.js
 * (apps/api/build.mjs); from the sources the worker is loaded through tsx; where neither can be
 * found, photographs are drawn in-process.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { forgetPlacedPiece, photograph, type PhotoInput } from './trace/photo.js';
import { workerSource, type WorkerSource } from './worker-source.js';

const workerScript = () => workerSource([new URL('./imagery.worker.js', import.meta.url)], new URL('./render.worker.ts', import.meta.url));

interface Job {
  id: number;
  input: PhotoInput;
  resolve: (pixels: Uint8Array) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** the model of its last photograph: the thread keeps it placed for the next view of it */
  model: string | null;
}

const modelOf = (input: PhotoInput) => JSON.stringify(input.spec);

let source: WorkerSource | null | undefined;
const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 0;
const size = Math.max(1, Math.min(4, availableParallelism()));

function startSlot(): Slot {
  const slot: Slot = { worker: new Worker(source!.script, { eval: source!.eval }), job: null, model: null };
  slot.worker.on('message', (msg: { id: number; pixels?: Uint8Array; error?: string }) => {
    const job = slot.job;
    slot.job = null;
    if (job && job.id === msg.id) {
      if (msg.pixels) job.resolve(new Uint8Array(msg.pixels.buffer, msg.pixels.byteOffset, msg.pixels.byteLength));
      else job.reject(new Error(`studio render failed: ${msg.error}`));
    }
    dispatch();
  });
  const fail = (err: Error) => {
    const job = slot.job;
    slot.job = null;
    slots.splice(slots.indexOf(slot), 1);
    job?.reject(err);
    dispatch();
  };
  slot.worker.on('error', fail);
  slot.worker.on('exit', (code) => {
    if (slots.includes(slot)) fail(new Error(`studio render thread exited (${code})`));
  });
  slot.worker.unref();
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length) {
    // another view of the model a thread has just photographed goes to that thread
    const model = modelOf(queue[0]!.input);
    let slot = slots.find((s) => s.job === null && s.model === model) ?? slots.find((s) => s.job === null);
    if (!slot && slots.length < size) slot = startSlot();
    if (!slot) return;
    const job = queue.shift()!;
    slot.job = job;
    slot.model = model;
    slot.worker.ref();
    slot.worker.postMessage({ id: job.id, input: job.input });
  }
  for (const s of slots) if (s.job === null) s.worker.unref();
}

/** The photograph's pixels, from a render thread (or in-process where no thread can be started). */
export function renderPixels(input: PhotoInput): Promise<Uint8Array> {
  source ??= workerScript();
  if (!source)
    return Promise.resolve().then(() => {
      const pixels = photograph(input);
      setTimeout(forgetPlacedPiece, 1_000).unref();
      return pixels;
    });
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, input, resolve, reject });
    dispatch();
  });
}
