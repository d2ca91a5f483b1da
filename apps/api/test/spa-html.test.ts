import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, CollectionPage } from '@mirror/contract';
import type { BootEntry } from '@mirror/contract/boot';
import { createSpaHtml, escapeJsonForHtml } from '../src/lib/spa-html';
import { buildTestApp, type Session, type TestApp } from './helpers';

/**
 * A miniature web build: index.html and Vite's manifest, and next to them the server entry
 * (apps/web/dist-server/entry-server.js) as the web build writes it: `prepare(url, fetch)` matches its
 * routes, asks the API for their answers through `fetch`, and renders. This one reports what it was
 * given, counts its renders, fails to render one path, and writes a `$&` (no replacement pattern may
 * expand it).
 */
function fakeWebDist(): string {
  const build = mkdtempSync(path.join(tmpdir(), 'mirror-spa-'));
  const dir = path.join(build, 'dist');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(build, 'dist-server'));
  writeFileSync(
    path.join(build, 'dist-server', 'entry-server.js'),
    `const routes = [
      // The welcome entrance: the app's own content, no data.
      { path: /^\\/$/, module: 'src/app/routes/welcome-page.tsx', queries: () => [] },
      { path: /^\\/collections$/, module: 'src/app/routes/collections-page.tsx',
        queries: () => [{ key: ['collections', 'list', { size: 100 }], url: '/api/collections?size=100&sort=year%2Cdesc' }],
        image: ([list]) => list?.content[0]?.coverImage && { ...list.content[0].coverImage, sizes: '(max-width: 767px) 100vw, 50vw' } },
      { path: /^\\/collections\\/([^/]+)$/, module: 'src/app/routes/collection-detail-page.tsx',
        queries: (id) => [{ key: ['collections', 'detail', id], url: '/api/collections/' + encodeURIComponent(id) }, { key: ['users', 'me'], url: '/api/users/me' }] },
      // The app's own content chosen by the query string; a list read whole, kept only when one page holds it.
      { path: /^\\/journal$/, module: 'src/app/routes/collections-page.tsx', rendersSearch: true,
        queries: () => [{ key: ['collections', 'whole'], url: '/api/collections?size=100&sort=name%2Casc', whole: true }] },
      { path: /^\\/journal-paged$/, module: 'src/app/routes/collections-page.tsx',
        queries: () => [{ key: ['collections', 'whole'], url: '/api/collections?size=1&sort=name%2Casc', whole: true }] },
    ];
    export async function prepare(url, fetch) {
      const href = new URL(url, 'http://mirror.local');
      const route = routes.find((r) => r.path.test(href.pathname));
      if (!route) return null;
      if (href.search && !route.rendersSearch) return { module: route.module, entries: [], isComplete: false, render: null };
      const queries = route.queries(...route.path.exec(href.pathname).slice(1).map(decodeURIComponent));
      const answers = await Promise.all(queries.map(async (q) => {
        const answer = await fetch(q.url);
        if (answer.status !== 200) return undefined;
        const data = JSON.parse(answer.body);
        if (q.whole) return data.totalPages <= 1 ? data.content : undefined;
        return data;
      }));
      const entries = queries.flatMap((q, i) => (answers[i] === undefined ? [] : [{ key: q.key, data: answers[i] }]));
      // React's own preload of the page's high-priority <img>, hoisted into the head with its title.
      const image = route.image?.(answers);
      const preload = image ? '<link rel="preload" as="image" fetchpriority="high" imagesrcset="' + image.srcset.map((s) => s.url + ' ' + s.width + 'w').join(', ') + '" imagesizes="' + image.sizes + '"/>' : '';
      return {
        module: route.module,
        entries,
        isComplete: entries.length === queries.length,
        render: () => {
          globalThis.__ssrCalls = (globalThis.__ssrCalls ?? 0) + 1;
          if (url.startsWith('/collections/broken')) throw new Error('render failed');
          const names = entries.flatMap((b) => (Array.isArray(b.data) ? b.data : b.data && Array.isArray(b.data.content) ? b.data.content : []).map((c) => c.name));
          return {
            markup: '<main data-url="' + url + '">' + entries.length + ' answers: ' + names.join(', ').replace(/&/g, '&amp;').replace(/</g, '&lt;') + ' $& $1</main>',
            head: '<title>Seasons &lt;of&gt; light — Mirror</title><meta name="description" content="Every &quot;collection&quot; &amp; season"/>' + preload,
          };
        },
      };
    }`,
  );
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta name="description" content="Mirror — maison of diamonds." /><title>Mirror</title><script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b2.js"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-a1.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'start.js'), '/* starts the app after the first paint */');
  writeFileSync(path.join(dir, 'assets', 'collections-page-c3.css'), '.grid{display:grid;background:url(/assets/x.svg)}');
  const manifest = {
    'index.html': {
      file: 'assets/index-a1.js',
      isEntry: true,
      imports: ['_react-b2.js'],
      dynamicImports: ['src/app/routes/collections-page.tsx'],
    },
    '_react-b2.js': { file: 'assets/react-b2.js' },
    'src/app/routes/collections-page.tsx': {
      file: 'assets/collections-page-c3.js',
      isDynamicEntry: true,
      imports: ['index.html', '_react-b2.js', '_card-d4.js'],
      css: ['assets/collections-page-c3.css'],
    },
    '_card-d4.js': { file: 'assets/card-d4.js', imports: ['_react-b2.js'], css: ['assets/card-d4.css'] },
    'src/app/routes/collection-detail-page.tsx': { file: 'assets/collection-detail-e5.js', isDynamicEntry: true, imports: ['_card-d4.js'] },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

function bootData(html: string): BootEntry[] {
  const match = /<script type="application\/json" id="mirror-boot">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no boot script');
  return JSON.parse(match[1]!) as BootEntry[];
}

const image = (name: string) => ({
  variant: 'front',
  alt: name,
  sources: [
    { key: `mirror-storage/products/${name}-640.webp`, width: 640, height: 800 },
    { key: `mirror-storage/products/${name}-1280.webp`, width: 1280, height: 1600 },
  ],
});

describe('prepared SPA pages', () => {
  let t: TestApp;
  let admin: Session;
  let collectionId: string;

  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST: fakeWebDist() });
    admin = await t.loginAs('ADMIN');
    const created = await t.request<Collection>('/api/collections', {
      token: admin.accessToken,
      body: {
        name: 'Nuit Blanche',
        year: 2025,
        season: 'WINTER',
        description: 'Stars </script><script>alert(1)</script> & <!-- frost -->',
        coverImage: image('nuit'),
      },
    });
    expect(created.status).toBe(201);
    collectionId = created.body.id;
  });
  afterAll(() => t.close());

  it('preloads the route chunk, its imports and styles, but not what the entry already loads', async () => {
    // A page the browser renders (URL state): the route's modules load with the entry.
    const res = await t.request<string>('/collections?season=WINTER');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/collections-page-c3.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card-d4.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/collections-page-c3.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/card-d4.css">');
    expect(html.match(/react-b2\.js/g)).toHaveLength(1);
    expect(html.match(/index-a1\.js/g)).toHaveLength(1);
    expect(html.indexOf('collections-page-c3.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('inlines the public API answer, escaped, its image preload coming from the rendered head', async () => {
    const html = (await t.request<string>('/collections')).body;
    // The description's markup never closes the script element nor opens a comment.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<!-- frost');
    expect(html).toContain('\\u003c/script\\u003e');
    const [entry] = bootData(html);
    expect(entry!.key).toEqual(['collections', 'list', { size: 100 }]);
    const direct = await t.request<CollectionPage>('/api/collections?size=100&sort=year%2Cdesc');
    expect(entry!.data).toEqual(direct.body);
    expect((entry!.data as CollectionPage).content[0]!.description).toBe('Stars </script><script>alert(1)</script> & <!-- frost -->');
    const cover = direct.body.content[0]!.coverImage!;
    // One preload of it: React's, from the rendered head (the server adds none of its own).
    const preload = `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${cover.srcset.map((s) => `${s.url} ${s.width}w`).join(', ')}" imagesizes="(max-width: 767px) 100vw, 50vw"/>`;
    expect(html.split(preload)).toHaveLength(2);
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
    // The page's head comes right after the viewport (the preload's `imagesizes` depend on it), before any script;
    // the data closes the body.
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('rel="preload" as="image"')).toBeGreaterThan(html.indexOf('name="viewport"'));
    expect(html.indexOf('id="mirror-boot"')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('fills route parameters and inlines only anonymous 200 answers', async () => {
    const html = (await t.request<string>(`/collections/${collectionId}`, { token: admin.accessToken })).body;
    const boot = bootData(html);
    // /api/users/me needs a signed-in caller: the server asks anonymously, gets 401, leaves it out.
    expect(boot.map((b) => b.key)).toEqual([['collections', 'detail', collectionId]]);
    expect((boot[0]!.data as Collection).name).toBe('Nuit Blanche');
    expect(html).toContain('/assets/collection-detail-e5.js');

    const missing = await t.request<string>('/collections/not-a-collection');
    expect(missing.status).toBe(200);
    expect(bootData(missing.body)).toEqual([]);
    expect(missing.body).toContain('<div id="root"');
  });

  it('prepares no data for URL state (a query string) but still preloads the chunk', async () => {
    const html = (await t.request<string>('/collections?year=2025')).body;
    expect(bootData(html)).toEqual([]);
    expect(html).toContain('href="/assets/collections-page-c3.js"');
    expect(html).not.toContain('rel="preload" as="image"');
  });

  it('renders the page on the server from the inlined answers, once per burst of views', async () => {
    const g = globalThis as { __ssrCalls?: number };
    const before = g.__ssrCalls ?? 0;
    const html = (await t.request<string>('/collections')).body;
    expect(html).toContain('<div id="root" data-ssr=""><main data-url="/collections">1 answers: Nuit Blanche $& $1</main></div>');
    // The page's own title and description, escaped.
    expect(html).toContain('<title>Seasons &lt;of&gt; light — Mirror</title>');
    expect(html).toContain('<meta name="description" content="Every &quot;collection&quot; &amp; season"/>');
    // The data the browser hydrates with follows the markup.
    expect(html.indexOf('data-ssr')).toBeLessThan(html.indexOf('id="mirror-boot"'));
    // Its modules start after its first paint: no module script in the head, the starter lists them.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain('modulepreload');
    // Its stylesheets are inlined (one that cannot be read stays a link).
    expect(head).toContain('<style data-href="/assets/collections-page-c3.css">.grid{display:grid;background:url(/assets/x.svg)}</style>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/card-d4.css">');
    // Each inlined sheet is declared present to Vite's chunk preloader (a link of a type that is not CSS: never fetched).
    expect(head).toContain('<link rel="stylesheet" type="text/plain" href="/assets/collections-page-c3.css">');
    expect(head).not.toContain('<link rel="stylesheet" type="text/plain" href="/assets/card-d4.css">');
    expect(html).toMatch(
      /<script defer src="\/start\.js\?v=[0-9a-f]{12}" data-entry="\/assets\/index-a1\.js" data-modulepreload="\/assets\/react-b2\.js \/assets\/collections-page-c3\.js \/assets\/card-d4\.js"><\/script><\/body>/,
    );
    const again = (await t.request<string>('/collections')).body;
    expect(again).toContain('data-ssr');
    expect((g.__ssrCalls ?? 0) - before).toBeLessThanOrEqual(1);
  });

  it('leaves URL state and failed renders to the browser', async () => {
    const withState = (await t.request<string>('/collections?year=2025')).body;
    expect(withState).toContain('<div id="root"></div>');
    expect(withState).not.toContain('data-ssr');
    const broken = await t.request<string>('/collections/broken-one');
    expect(broken.status).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
    expect(broken.body).toContain('id="mirror-boot"');
  });

  it('renders the URL state of a route whose queries ignore it, and inlines a list read whole only when one page holds it', async () => {
    const created = await t.request<Collection>('/api/collections', {
      token: admin.accessToken,
      body: { name: 'Aurore', year: 2024, season: 'SPRING', description: 'Dawn.' },
    });
    expect(created.status).toBe(201);
    const html = (await t.request<string>('/journal?topic=Diamonds&page=2')).body;
    expect(html).toContain('<div id="root" data-ssr=""><main data-url="/journal?topic=Diamonds&page=2">');
    const [whole] = bootData(html);
    expect(whole!.key).toEqual(['collections', 'whole']);
    expect((whole!.data as Collection[]).map((c) => c.name)).toEqual(['Aurore', 'Nuit Blanche']);
    // Two pages of one: the first is not the list, so nothing is inlined and the browser reads it all.
    const paged = (await t.request<string>('/journal-paged')).body;
    expect(bootData(paged)).toEqual([]);
    expect(paged).toContain('<main data-url="/journal-paged">0 answers');
  });

  it('compresses the HTML for clients that accept it', async () => {
    const res = await fetch(`${t.baseUrl}/collections`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    // fetch decodes br itself: the body is the same page.
    expect(await res.text()).toContain('id="mirror-boot"');
  });

  it('renders the welcome entrance (/) like any prepared route', async () => {
    const html = (await t.request<string>('/')).body;
    expect(html).toContain('<div id="root" data-ssr=""><main data-url="/">0 answers');
    expect(bootData(html)).toEqual([]);
  });

  it('leaves every other path to the plain index.html fallback', async () => {
    const res = await t.request<string>('/about');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toContain('mirror-boot');
  });
});

describe('prepared pages over time', () => {
  it('never serves markup next to answers it was not rendered from, and renders unchanged answers once', async () => {
    // The markup is kept with the very answers it was rendered from: a name changed meanwhile must not give
    // markup of the old name with inlined data of the new one (the browser could not hydrate it).
    let name = 'Aube';
    const rendered: string[] = [];
    const spa = createSpaHtml({
      webDist: fakeWebDist(),
      cacheMs: 5_000,
      prepareRoute: () => {
        const entries: BootEntry[] = [{ key: ['collections'], data: { content: [{ name }] } }];
        const names = name;
        return Promise.resolve({
          module: 'src/app/routes/collections-page.tsx',
          entries,
          isComplete: true,
          render: () => {
            rendered.push(names);
            return { markup: `<main>${names}</main>`, head: '' };
          },
        });
      },
    })!;
    const markupAndData = async () => {
      const html = (await spa.render('/collections', () => Promise.resolve({ status: 200, body: '{}' })))!;
      const [entry] = bootData(html);
      return { markup: /<main>(.*?)<\/main>/.exec(html)![1], data: (entry!.data as { content: { name: string }[] }).content[0]!.name };
    };
    expect(await markupAndData()).toEqual({ markup: 'Aube', data: 'Aube' });
    name = 'Aube de Givre';
    expect(await markupAndData()).toEqual({ markup: 'Aube de Givre', data: 'Aube de Givre' });
    // With unchanged answers the markup is reused (one render per burst).
    const before = rendered.length;
    expect(await markupAndData()).toEqual({ markup: 'Aube de Givre', data: 'Aube de Givre' });
    expect(rendered.length).toBe(before);
  });
});

describe('spa-html helpers', () => {
  it('escapes JSON for a script element', () => {
    const text = escapeJsonForHtml({ a: '</script><!--x-->&\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!--x-->&\u2028' });
  });
});
