import { describe, expect, it } from 'vitest';
import { productColumns } from './product-columns';

describe('productColumns', () => {
  it('shows the house every column, vendor and featured included', () => {
    const ids = productColumns(new Map(), { isSortable: true }).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['name', 'sku', 'price', 'stock', 'status', 'featured', 'vendor']));
  });

  it('leaves out the vendor (every row is theirs) and featured (the house’s) in the vendor’s scope', () => {
    const ids = productColumns(new Map(), { isSortable: true, isVendorScope: true }).map((c) => c.id);
    expect(ids).not.toContain('vendor');
    expect(ids).not.toContain('featured');
    expect(ids).toEqual(expect.arrayContaining(['name', 'sku', 'price', 'stock', 'status']));
  });

  it('keeps the stock cell one component whatever the labels: a cell being typed into is not remounted', () => {
    const stock = (labels: Map<string, string>) => productColumns(labels, { isSortable: true }).find((c) => c.id === 'stock')?.cell;
    const before = stock(new Map());
    expect(before).toBeTypeOf('function');
    expect(stock(new Map([['category-1', 'Rings']]))).toBe(before);
  });
});
