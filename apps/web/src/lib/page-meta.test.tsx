import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { splitHoistedHead } from './hoisted-head';
import { BackOfficeMeta, DEFAULT_DESCRIPTION, DEFAULT_TITLE, dropStaticMeta, PageMeta } from './page-meta';

// index.html's head, as the browser gets it for a page rendered in the browser.
const TEMPLATE_HEAD = `<meta charset="UTF-8"><meta name="description" content="${DEFAULT_DESCRIPTION}"><title>${DEFAULT_TITLE}</title>`;

const titles = () => [...document.head.querySelectorAll('title')].map((t) => t.textContent);
const descriptions = () => [...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content'));

function Collections() {
  return (
    <section>
      <PageMeta title="Collections" description="Seasons of light." />
      <h1>Seasons of light</h1>
    </section>
  );
}

function About() {
  return (
    <article>
      <PageMeta title="About Mirror" />
      <h1>The Maison</h1>
    </article>
  );
}

/** The app with one of two pages, as the router swaps them. */
function App({ page = 'collections' }: { page?: 'collections' | 'about' }) {
  return <div className="shell">{page === 'collections' ? <Collections /> : <About />}</div>;
}

// React's act() environment flag, for a root created by hand.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('page meta on the server', () => {
  it("renders the page's title and description for the head, out of the markup", () => {
    const { head, markup } = splitHoistedHead(renderToString(<App />));
    expect(head).toBe('<title>Collections — Mirror</title><meta name="description" content="Seasons of light."/>');
    expect(markup).toBe('<div class="shell"><section><h1>Seasons of light</h1></section></div>');
  });

  it('escapes both, and gives the default description to a page that names none', () => {
    const { head } = splitHoistedHead(renderToString(<PageMeta title={'Seasons <of> "light"'} />));
    expect(head).toBe(
      `<title>Seasons &lt;of&gt; &quot;light&quot; — Mirror</title><meta name="description" content="${DEFAULT_DESCRIPTION}"/>`,
    );
  });

  it('leaves a tree without head elements whole', () => {
    expect(splitHoistedHead('<a class="skip-link" href="#page-root">Skip</a><main></main>')).toEqual({
      head: '',
      markup: '<a class="skip-link" href="#page-root">Skip</a><main></main>',
    });
  });

  it('titles the back-office', () => {
    expect(splitHoistedHead(renderToString(<BackOfficeMeta title="Orders" />)).head).toContain(
      '<title>Orders · Mirror back-office</title>',
    );
  });
});

describe('page meta in the browser', () => {
  it('replaces index.html’s title and description, and follows the page: one of each', () => {
    document.head.innerHTML = TEMPLATE_HEAD;
    const container = document.body.appendChild(document.createElement('div'));
    dropStaticMeta(document);
    const root = createRoot(container);
    act(() => root.render(<App />));
    expect(titles()).toEqual(['Collections — Mirror']);
    expect(descriptions()).toEqual(['Seasons of light.']);
    expect(document.title).toBe('Collections — Mirror');
    act(() => root.render(<App page="about" />));
    expect(titles()).toEqual(['About Mirror — Mirror']);
    expect(descriptions()).toEqual([DEFAULT_DESCRIPTION]);
    act(() => root.render(<App page="collections" />));
    expect(titles()).toEqual(['Collections — Mirror']);
    expect(descriptions()).toEqual(['Seasons of light.']);
    act(() => root.unmount());
  });

  it("hydration claims the server's title and description instead of adding its own", async () => {
    const { head, markup } = splitHoistedHead(renderToString(<App />));
    // The served page: index.html's head with the page's own title and description in place of its defaults.
    document.head.innerHTML = `<meta charset="UTF-8">${head}`;
    const served = { title: document.head.querySelector('title'), description: document.head.querySelector('meta[name="description"]') };
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = markup;
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <App />, { onRecoverableError: (error) => errors.push(error) });
      await Promise.resolve();
    });
    expect(errors).toEqual([]);
    expect(titles()).toEqual(['Collections — Mirror']);
    expect(descriptions()).toEqual(['Seasons of light.']);
    expect(document.head.querySelector('title')).toBe(served.title);
    expect(document.head.querySelector('meta[name="description"]')).toBe(served.description);
    act(() => root?.render(<App page="about" />));
    expect(titles()).toEqual(['About Mirror — Mirror']);
    expect(descriptions()).toEqual([DEFAULT_DESCRIPTION]);
    act(() => root?.unmount());
  });
});
