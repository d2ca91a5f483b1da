import { AppError } from '../../lib/errors';

/**
 * Image work runs through one queue (issue 14): at most `concurrency` decodes at a time, however many
 * uploads arrive together, so memory stays bounded and other requests keep their CPU. When more than
 * `maxWaiting` tasks wait, new ones are refused at once (503 with Retry-After) rather than piling up.
 */
export interface ImageQueue {
  run<T>(label: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now. */
  size(): { running: number; waiting: number };
}

export type ImageQueueEvent = { type: 'queued' | 'start' | 'end'; label: string };

export function createImageQueue({
  concurrency = 1,
  maxWaiting = 64,
  onEvent,
}: { concurrency?: number; maxWaiting?: number; onEvent?: (event: ImageQueueEvent) => void } = {}): ImageQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    if (running >= concurrency) return;
    const start = waiting.shift();
    if (start) start();
  };

  return {
    run<T>(label: string, task: () => Promise<T>): Promise<T> {
      if (waiting.length >= maxWaiting) {
        return Promise.reject(
          new AppError('SERVICE_UNAVAILABLE', 'Many images are being processed right now. Please try again in a moment.', undefined, {
            'retry-after': '5',
          }),
        );
      }
      onEvent?.({ type: 'queued', label });
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          running += 1;
          onEvent?.({ type: 'start', label });
          task()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              onEvent?.({ type: 'end', label });
              next();
            });
        });
        next();
      });
    },
    size: () => ({ running, waiting: waiting.length }),
  };
}
