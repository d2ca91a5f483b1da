import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

describe('lazyPage', () => {
  it("shows 'Loading...' while the chunk loads, then the page", async () => {
    let resolve: (m: { default: typeof Page }) => void = () => undefined;
    const page = lazyPage(() => new Promise<{ default: typeof Page }>((r) => (resolve = r)));
    render(<page.Route name="Collections" />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    resolve({ default: Page });
    expect((await screen.findByRole('heading', { name: 'Collections' })).tagName).toBe('H1');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders at once, without a loading frame, when the chunk was preloaded', async () => {
    const page = lazyPage(() => Promise.resolve({ default: Page }));
    await page.preload();
    render(<page.Route name="Home" />);
    expect(screen.getByRole('heading', { name: 'Home' }).tagName).toBe('H1');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a failed preload resolves; the render then reports the failure', async () => {
    const page = lazyPage<{ name: string }>(() => Promise.reject(new Error('chunk failed')));
    await expect(page.preload()).resolves.toBeUndefined();
  });
});
