/**
 * The graphics probe, off the main thread (browser-support.ts): opening a WebGL context blocks the thread that
 * asks for 20–50 ms (SwiftShader, measured), a long task on the page's main thread. Asked once, answers once.
 */
import { graphicsOf } from './graphics';

const scope = self as unknown as { onmessage: ((event: MessageEvent) => void) | null; postMessage(message: unknown): void };

scope.onmessage = () => {
  scope.postMessage(graphicsOf(() => new OffscreenCanvas(1, 1)));
};
