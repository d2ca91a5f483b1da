/**
 * The API answers a prepared page is rendered from, asked for in-process (`app.inject`) without any
 * credential (only public, anonymous data is ever inlined) and with the visitor's address (the same rate
 * limit as the browser's own calls). Kept a few seconds in the project's result cache (lib/result-cache.ts):
 * a burst of page views costs one API call per URL. A failed answer is not kept; a slow one is left out
 * of the page (the browser asks for it) while it is still awaited for the next view.
 */
import type { ServerAnswer } from '@mirror/contract/boot';
import { createResultCache } from '../result-cache';

export type AskApi = (url: string) => Promise<ServerAnswer>;

const SLOW: ServerAnswer = { status: 504, body: '' };

class Unanswered extends Error {
  constructor(readonly answer: ServerAnswer) {
    super(`the API answered ${answer.status}`);
  }
}

export function createAnswers({ cacheMs, timeoutMs }: { cacheMs: number; timeoutMs: number }) {
  const cache = createResultCache(cacheMs, 500);
  return (url: string, ask: AskApi): Promise<ServerAnswer> => {
    const answer = cache
      .get(url, async () => {
        const got = await ask(url);
        if (got.status !== 200) throw new Unanswered(got);
        return got;
      })
      .catch((error: unknown) => (error instanceof Unanswered ? error.answer : SLOW));
    return Promise.race([answer, new Promise<ServerAnswer>((resolve) => setTimeout(resolve, timeoutMs, SLOW).unref())]);
  };
}
