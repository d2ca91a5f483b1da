/** Builds models off the main thread: a spec in, GLB bytes out (transferred, not copied). */
import { parentPort } from 'node:worker_threads';
import { buildModel } from './build';
import type { ModelSpec } from '@mirror/imagery/models';

async function build({ id, spec }: { id: number; spec: ModelSpec }) {
  try {
    const bytes = await buildModel(spec);
    parentPort!.postMessage({ id, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
}

parentPort!.on('message', (message: { id: number; spec: ModelSpec }) => void build(message));
