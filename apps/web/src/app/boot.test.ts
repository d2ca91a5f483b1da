// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_ID, readBootData, refreshForSignedIn, seedQueryCache } from './boot';

function docWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = BOOT_SCRIPT_ID;
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('first-load data', () => {
  it('is absent when the server did not prepare the page', () => {
    expect(readBootData(docWith(null))).toBeNull();
  });

  it('reads the entries once and removes the element', () => {
    const doc = docWith(
      '[{"key":["collections","detail","x"],"data":{"name":"A \\u003c/script\\u003e"}},{"key":"bad","data":1},{"key":["y"]}]',
    );
    expect(readBootData(doc)).toEqual([{ key: ['collections', 'detail', 'x'], data: { name: 'A </script>' } }]);
    expect(doc.getElementById(BOOT_SCRIPT_ID)).toBeNull();
    expect(readBootData(doc)).toBeNull();
  });

  it('survives a damaged element: prepared, without data', () => {
    expect(readBootData(docWith('{not json'))).toEqual([]);
    expect(readBootData(docWith('{"key":[]}'))).toEqual([]);
  });

  it('fills the query cache as the server did, and asks again for someone signed in', () => {
    const entries = [{ key: ['collections', 'list', { size: 100 }], data: { content: [] } }];
    const client = new QueryClient();
    expect(seedQueryCache(client, entries)).toBe(1);
    // Same hash as the page's own key, whose undefined fields JSON drops.
    expect(client.getQueryData(['collections', 'list', { size: 100, featured: undefined }])).toEqual({ content: [] });
    expect(client.getQueryState(['collections', 'list', { size: 100 }])?.isInvalidated).toBe(false);

    refreshForSignedIn(client, entries);
    expect(client.getQueryState(['collections', 'list', { size: 100 }])?.isInvalidated).toBe(true);
    // The anonymous answer stays on screen until the person's own arrives.
    expect(client.getQueryData(['collections', 'list', { size: 100 }])).toEqual({ content: [] });
  });
});
