import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_ID, readBootData, seedQueryCache } from './boot';

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
    const doc = docWith('[{"key":["collections","detail","x"],"data":{"name":"A \\u003c/script\\u003e"}},{"key":"bad","data":1},{"key":["y"]}]');
    expect(readBootData(doc)).toEqual([{ key: ['collections', 'detail', 'x'], data: { name: 'A </script>' } }]);
    expect(doc.getElementById(BOOT_SCRIPT_ID)).toBeNull();
    expect(readBootData(doc)).toBeNull();
  });

  it('survives a damaged element: prepared, without data', () => {
    expect(readBootData(docWith('{not json'))).toEqual([]);
    expect(readBootData(docWith('{"key":[]}'))).toEqual([]);
  });

  it('fills the query cache for visitors, not for someone signed in', () => {
    const entries = [{ key: ['collections', 'list', { size: 100 }], data: { content: [] } }];
    const visitor = new QueryClient();
    expect(seedQueryCache(visitor, entries, false)).toBe(1);
    // Same hash as the page's own key, whose undefined fields JSON drops.
    expect(visitor.getQueryData(['collections', 'list', { size: 100, featured: undefined }])).toEqual({ content: [] });
    expect(visitor.getQueryState(['collections', 'list', { size: 100 }])?.isInvalidated).toBe(false);

    const member = new QueryClient();
    expect(seedQueryCache(member, entries, true)).toBe(0);
    expect(member.getQueryData(['collections', 'list', { size: 100 }])).toBeUndefined();
  });
});
