/** A render thread: a photograph's input in, its pixels out (transferred, not copied). */
import { parentPort } from 'node:worker_threads';
import { forgetPlacedPiece, photograph, type PhotoInput } from './trace/photo.js';

// The piece placed for the last photograph is kept for the next view of it (trace/photo.ts), not while idle.
const IDLE_FORGET_MS = 1_000;
let idle: NodeJS.Timeout | undefined;

parentPort!.on('message', ({ id, input }: { id: number; input: PhotoInput }) => {
  clearTimeout(idle);
  try {
    const pixels = photograph(input);
    parentPort!.postMessage({ id, pixels }, [pixels.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
  idle = setTimeout(forgetPlacedPiece, IDLE_FORGET_MS);
  idle.unref();
});
