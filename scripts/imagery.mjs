// The server seeds the demo with every piece's studio images before it listens (drawn once per
// machine, then read from the content-addressed cache, packages/imagery/src/cache.ts), so this
// returns at the first look. It stays as the guard of the browser tests and benchmarks: a page caught
// mid-rendering would fail them, and rendering would load the CPU the measurements share.
export async function waitForImagery(baseUrl, { timeoutMs = 600_000, log = console.log } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    let missing = 0;
    for (let page = 0, pages = 1; page < pages; page += 1) {
      const body = await (await fetch(`${baseUrl}/api/products?size=100&page=${page}`)).json();
      pages = body.totalPages;
      missing += body.content.filter((p) => p.images.length === 0).length;
    }
    if (missing === 0) return;
    log(`waiting for the product imagery (${missing} pieces left)`);
    await new Promise((r) => setTimeout(r, 5_000));
  }
  throw new Error(`product imagery not rendered within ${timeoutMs / 1000} s`);
}
