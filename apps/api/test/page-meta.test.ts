import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RenderedPage } from '@mirror/contract/boot';
import { createSpaHtml } from '../src/lib/spa-html';

/**
 * The head of a server-rendered page: what React hoisted out of the page (RenderedPage.head, split
 * off in apps/web/src/entry-server.tsx) goes into the served page's <head>, in place of index.html's
 * own title and description — one of each, the page's — and a page that names neither keeps them.
 */
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />' +
  '<meta name="theme-color" content="#FAF8F4" /><meta name="description" content="Mirror — maison of diamonds." />' +
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Mirror — Maison of Diamonds</title>' +
  '<script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>';

function webDist(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'mirror-meta-')), 'dist');
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'start.js'), '/* starts the app after the first paint */');
  const manifest = {
    'index.html': { file: 'assets/index-a1.js', isEntry: true, dynamicImports: ['src/app/routes/collections-page.tsx'] },
    'src/app/routes/collections-page.tsx': { file: 'assets/collections-page-c3.js', isDynamicEntry: true, imports: ['index.html'] },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** The served page for a rendering whose hoisted head is `head`. */
async function servedWith(head: string): Promise<string> {
  const rendered: RenderedPage = { markup: '<a class="skip-link" href="#page-root">Skip</a><main id="page-root"></main>', head };
  const spa = createSpaHtml({
    webDist: webDist(),
    prepareRoute: () =>
      Promise.resolve({ module: 'src/app/routes/collections-page.tsx', entries: [], isComplete: true, render: () => rendered }),
  })!;
  return (await spa.render('/collections', () => Promise.resolve({ status: 200, body: '{}' })))!;
}

const headOf = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
const titlesIn = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const descriptionsIn = (html: string) => [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]);

describe('the head of a server-rendered page', () => {
  it("carries the page's own title and description, once each, in the head", async () => {
    const html = await servedWith(
      '<title>Seasons &lt;of&gt; light — Mirror</title><meta name="description" content="Every &quot;collection&quot;"/>',
    );
    expect(titlesIn(html)).toEqual(['Seasons &lt;of&gt; light — Mirror']);
    expect(descriptionsIn(html)).toEqual(['Every &quot;collection&quot;']);
    expect(titlesIn(headOf(html))).toHaveLength(1);
    expect(descriptionsIn(headOf(html))).toHaveLength(1);
    // Nothing of it is left in the markup the browser hydrates.
    expect(html).toContain('<div id="root" data-ssr=""><a class="skip-link" href="#page-root">Skip</a><main id="page-root"></main></div>');
    // Early in the head: right after the viewport.
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Seasons');
  });

  it("keeps index.html's title and description for a page that names neither, and the one it does not name", async () => {
    const none = await servedWith('');
    expect(titlesIn(none)).toEqual(['Mirror — Maison of Diamonds']);
    expect(descriptionsIn(none)).toEqual(['Mirror — maison of diamonds.']);
    const titleOnly = await servedWith('<title>Boutiques — Mirror</title>');
    expect(titlesIn(titleOnly)).toEqual(['Boutiques — Mirror']);
    expect(descriptionsIn(titleOnly)).toEqual(['Mirror — maison of diamonds.']);
  });

  it('treats a `$` in the head as text', async () => {
    const html = await servedWith('<title>$& $1 — Mirror</title>');
    expect(titlesIn(html)).toEqual(['$& $1 — Mirror']);
  });
});
