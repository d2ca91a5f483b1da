/** A render thread: a photograph's input in, its pixels out (transferred, not copied). */
import { parentPort } from 'node:worker_threads';
import { photograph, type PhotoInput } from './trace/photo.js';

parentPort!.on('message', ({ id, input }: { id: number; input: PhotoInput }) => {
  try {
    const pixels = photograph(input);
    parentPort!.postMessage({ id, pixels }, [pixels.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
