import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyVideo, POSTER_MARGIN } from './lazy-video';

type Watch = { options: IntersectionObserverInit | undefined; report: (isIntersecting: boolean) => void };
/** The fake IntersectionObservers of a test: the film's (50 px), and the poster's (a screen ahead). */
let observed: Watch | null = null;
let posterObserved: Watch | null = null;

class FakeObserver {
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    const watch = {
      options,
      report: (isIntersecting: boolean) =>
        this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
    };
    if (options?.rootMargin === POSTER_MARGIN) posterObserved = watch;
    else observed = watch;
  }
  observe() {}
  disconnect() {}
}

function reducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

const film = (
  <LazyVideo
    sources={[
      { src: '/assets/film.webm', type: 'video/webm' },
      { src: '/assets/film.mp4', type: 'video/mp4' },
    ]}
    poster="/assets/film-poster.webp"
    width={960}
    height={540}
    label="The stone turning in the light"
  />
);

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;
let load: ReturnType<typeof vi.fn>;

beforeEach(() => {
  observed = null;
  posterObserved = null;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  reducedMotion(false);
  // jsdom does not play media.
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  load = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as unknown as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as unknown as () => void);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(load as unknown as () => void);
});
afterEach(() => vi.unstubAllGlobals());

const video = () => screen.getByLabelText<HTMLVideoElement>('The stone turning in the light');

describe('LazyVideo', () => {
  it('fetches nothing, not even its poster, until it is a screen away; its film only within 50 px', () => {
    render(film);
    expect(video().tagName).toBe('VIDEO');
    expect(video().hasAttribute('poster')).toBe(false);
    expect(posterObserved?.options?.rootMargin).toBe('100% 0px');
    act(() => posterObserved!.report(true));
    expect(video().getAttribute('poster')).toBe('/assets/film-poster.webp');
    // Scrolled away again: the poster stays.
    act(() => posterObserved!.report(false));
    expect(video().getAttribute('poster')).toBe('/assets/film-poster.webp');
    expect(video().getAttribute('preload')).toBe('none');
    expect(video().querySelectorAll('source')).toHaveLength(0);
    expect(observed?.options?.rootMargin).toBe('50px');
    expect(load).not.toHaveBeenCalled();
    expect(play).not.toHaveBeenCalled();
  });

  it('takes its sources and plays, muted and inline, once near; pauses out of view and plays again', () => {
    render(film);
    act(() => observed!.report(true));
    expect([...video().querySelectorAll('source')].map((s) => [s.getAttribute('src'), s.getAttribute('type')])).toEqual([
      ['/assets/film.webm', 'video/webm'],
      ['/assets/film.mp4', 'video/mp4'],
    ]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenCalledTimes(1);
    expect(video().muted).toBe(true);
    expect(video().loop).toBe(true);
    expect(video().hasAttribute('playsinline')).toBe(true);
    act(() => observed!.report(false));
    expect(pause).toHaveBeenCalledTimes(1);
    // Its sources stay: scrolling back does not fetch again.
    expect(video().querySelectorAll('source')).toHaveLength(2);
    act(() => observed!.report(true));
    expect(play).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never starts by itself under reduced motion: the controls are there to play it', () => {
    reducedMotion(true);
    render(film);
    act(() => observed!.report(true));
    expect(video().querySelectorAll('source')).toHaveLength(2);
    expect(video().controls).toBe(true);
    expect(play).not.toHaveBeenCalled();
  });

  it('hydrates the server’s markup as it is: the server (no observer) and the browser agree on “not near yet”', async () => {
    // The server has no IntersectionObserver; the browser that hydrates has one.
    vi.stubGlobal('IntersectionObserver', undefined);
    const html = renderToString(film);
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, film, { onRecoverableError: (error) => errors.push(error) });
      await Promise.resolve();
    });
    expect(errors).toEqual([]);
    expect(container.querySelectorAll('source')).toHaveLength(0);
    expect(container.querySelector('video')!.hasAttribute('poster')).toBe(false);
    expect(load).not.toHaveBeenCalled();
    container.remove();
  });
});
