import type { Product } from '@mirror/contract';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  amountText,
  editorResolver,
  emptyValues,
  mergeErrors,
  parseAmount,
  parseCarat,
  toBody,
  valuesOf,
  type EditorValues,
} from './form-model';
import { slugify } from '@mirror/contract';

const CATEGORY = '5dc63619-286b-4ad2-a8ef-fb01e6d8bb3a';
const VENDOR = '268af91e-9ed7-41ee-b3a4-61e35dff64f3';
const PRODUCT_ID = '0b7c1d3e-1111-4a2b-8c3d-123456789abc';

function filled(patch: Partial<EditorValues> = {}): EditorValues {
  return {
    ...emptyValues(),
    name: 'Aurora ring',
    slug: 'aurora-ring',
    sku: 'MIR-RIN-9001',
    categoryId: CATEGORY,
    metalType: 'PLATINUM',
    vendorId: VENDOR,
    price: '24,500',
    ...patch,
  };
}

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<EditorValues>;

async function resolve(values: EditorValues, mode: 'create' | 'update' = 'create') {
  return editorResolver()(values, { mode, defaultRender: [] }, options);
}

describe('amounts typed in major units', () => {
  it('reads euros with or without thousands separators into integer minor units', () => {
    expect(parseAmount('24,500')).toBe(2_450_000);
    expect(parseAmount('24500')).toBe(2_450_000);
    expect(parseAmount('€ 1,250,000.5')).toBe(125_000_050);
    expect(parseAmount('0.07')).toBe(7);
    expect(parseAmount('19.99')).toBe(1999);
    expect(parseAmount('  ')).toBeNull();
  });

  it('refuses what is not an amount', () => {
    for (const text of ['12,5', '1.234', 'abc', '-5', '1,2345', '12.']) expect(parseAmount(text)).toBeNaN();
  });

  it('writes a saved amount back as the field shows it', () => {
    expect(amountText(2_450_000)).toBe('24500');
    expect(amountText(1999)).toBe('19.99');
    expect(amountText(105)).toBe('1.05');
    expect(amountText(null)).toBe('');
    expect(parseAmount(amountText(123_456_789))).toBe(123_456_789);
  });

  it('reads carats with up to two decimals', () => {
    expect(parseCarat('1.25')).toBe(1.25);
    expect(parseCarat('1,5')).toBe(1.5);
    expect(parseCarat('')).toBeNull();
    expect(parseCarat('1.255')).toBeNaN();
  });
});

describe('toBody', () => {
  it('makes a create body: minor units, no stone, blank designer as null', () => {
    const body = toBody(filled({ stockQuantity: '3', description: 'A ring.' }), { mode: 'create', defaultRender: [] });
    expect(body).toMatchObject({
      name: 'Aurora ring',
      slug: 'aurora-ring',
      sku: 'MIR-RIN-9001',
      price: 2_450_000,
      stockQuantity: 3,
      gemstone: null,
      designerId: null,
      currency: 'EUR',
      images: [],
    });
    expect(body).not.toHaveProperty('priceMin');
    expect(body).not.toHaveProperty('priceMax');
  });

  it('sends a range on update with price null, which is what replaces a fixed price', () => {
    const body = toBody(filled({ priceMode: 'RANGE', price: '100', priceMin: '10,000', priceMax: '20,000' }), {
      mode: 'update',
      defaultRender: [],
    });
    expect(body).toMatchObject({ price: null, priceMin: 1_000_000, priceMax: 2_000_000 });
  });

  it('sends the 4Cs of a stone, blanks as null', () => {
    const body = toBody(
      filled({ stoneMode: 'STONE', gemstone: { type: 'Diamond', carat: '1.15', cut: 'Oval', colour: '', clarity: 'VS1' } }),
      { mode: 'create', defaultRender: [] },
    );
    expect(body.gemstone).toEqual({ type: 'Diamond', carat: 1.15, cut: 'Oval', colour: null, clarity: 'VS1' });
  });

  it('keeps the default studio render while no photograph is added, and names positions', () => {
    const render = [
      {
        variant: 'front',
        alt: 'Ring',
        sources: [{ key: `mirror-storage/products/${PRODUCT_ID}-front-640.webp`, width: 640, height: 800 }],
      },
    ];
    expect(toBody(filled(), { mode: 'update', defaultRender: render }).images).toEqual(render);
    const photos = [
      { variant: 'photo', alt: ' First ', sources: [{ key: 'mirror-storage/products/uploads/a-w480.webp', width: 480, height: 600 }] },
      { variant: 'photo', alt: 'Second', sources: [{ key: 'mirror-storage/products/uploads/b-w480.webp', width: 480, height: 480 }] },
    ];
    const images = toBody(filled({ images: photos }), { mode: 'update', defaultRender: render }).images as {
      variant: string;
      alt: string;
    }[];
    expect(images.map((i) => [i.variant, i.alt])).toEqual([
      ['front', 'First'],
      ['view-2', 'Second'],
    ]);
  });

  it('leaves out a blank slug so the server derives one', () => {
    expect(toBody(filled({ slug: '  ' }), { mode: 'create', defaultRender: [] })).not.toHaveProperty('slug');
  });
});

describe('editorResolver', () => {
  it('submits the contract body for a valid form', async () => {
    const result = await resolve(
      filled({
        stoneMode: 'STONE',
        gemstone: { type: 'Sapphire', carat: '2.05', cut: '', colour: 'Royal Blue', clarity: '' },
        stockQuantity: '12',
      }),
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      price: 2_450_000,
      stockQuantity: 12,
      status: 'DRAFT',
      gemstone: { type: 'Sapphire', carat: 2.05 },
    });
  });

  it('names every missing field of an empty form at once', async () => {
    const { errors } = await resolve(emptyValues());
    expect(Object.keys(errors).sort()).toEqual(['categoryId', 'metalType', 'name', 'price', 'sku', 'vendorId']);
    expect(errors.price?.message).toBe('Enter the price');
    expect(errors.categoryId?.message).toBe('Choose a category');
    expect(errors.name?.message).toBe('Enter a name');
  });

  it('says what is wrong with a typed number instead of the contract’s generic message', async () => {
    const { errors } = await resolve(
      filled({
        price: '24.5.0',
        stockQuantity: '2.5',
        stoneMode: 'STONE',
        gemstone: { type: 'Ruby', carat: 'one', cut: '', colour: '', clarity: '' },
      }),
    );
    expect(errors.price?.message).toMatch(/^Enter the price as a number/);
    expect(errors.stockQuantity?.message).toBe('Enter a whole number of pieces');
    expect(errors.gemstone?.carat?.message).toMatch(/^Enter carats/);
  });

  it('applies the contract’s own rules: SKU pattern, range order, stone type', async () => {
    const { errors } = await resolve(
      filled({
        sku: 'bad sku!',
        priceMode: 'RANGE',
        priceMin: '20,000',
        priceMax: '10,000',
        stoneMode: 'STONE',
        gemstone: { type: '', carat: '', cut: '', colour: '', clarity: '' },
      }),
    );
    expect(errors.sku?.message).toBe('Use letters, digits, dot, dash and underscore');
    expect(errors.priceMax?.message).toBe('The top of the range must not be below the bottom');
    expect(errors.gemstone?.type?.message).toBe('Enter the stone');
  });

  it('does not check fields that are hidden (the other price mode, no stone)', async () => {
    const { errors } = await resolve(filled({ priceMin: 'junk', gemstone: { type: '', carat: 'junk', cut: '', colour: '', clarity: '' } }));
    expect(errors).toEqual({});
  });
});

describe('mergeErrors', () => {
  it('keeps the first tree’s message where both name a field, and nested fields of both', () => {
    const merged = mergeErrors(
      { price: { type: 'custom', message: 'format' }, gemstone: { carat: { type: 'custom', message: 'carat' } } },
      {
        price: { type: 'custom', message: 'contract' },
        name: { type: 'too_small', message: 'Enter a name' },
        gemstone: { type: { type: 'too_small', message: 'Enter the stone' } },
      },
    ) as Record<string, Record<string, unknown>>;
    expect(merged.price?.message).toBe('format');
    expect(merged.name?.message).toBe('Enter a name');
    expect(Object.keys(merged.gemstone ?? {}).sort()).toEqual(['carat', 'type']);
  });
});

describe('valuesOf', () => {
  it('reads a saved range piece back into the form', () => {
    const product = {
      id: PRODUCT_ID,
      name: 'Nuit ring',
      slug: 'nuit-ring',
      description: '',
      sku: 'MIR-RIN-0001',
      vendorId: VENDOR,
      designerId: null,
      categoryId: CATEGORY,
      metalType: 'WHITE_GOLD',
      gemstone: { type: 'Diamond', carat: 3.2, cut: 'Oval', colour: 'F', clarity: null },
      currency: 'EUR',
      price: null,
      priceRange: { min: 1_000_000, max: 2_500_050, currency: 'EUR' },
      stockQuantity: 0,
      availability: 'OUT_OF_STOCK',
      isFeatured: true,
      status: 'ACTIVE',
      images: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      deletedAt: null,
    } satisfies Product;
    expect(valuesOf(product)).toMatchObject({
      priceMode: 'RANGE',
      priceMin: '10000',
      priceMax: '25000.50',
      stoneMode: 'STONE',
      gemstone: { type: 'Diamond', carat: '3.2', cut: 'Oval', colour: 'F', clarity: '' },
      designerId: '',
      stockQuantity: '0',
    });
  });
});

describe('slugify (the contract’s one rule, used by the API and this form)', () => {
  it('drops accents, lowercases, keeps single dashes and none at either end', () => {
    expect(slugify('Étoile  du Nord — Bague')).toBe('etoile-du-nord-bague');
    expect(slugify('  --Rose & Or--  ')).toBe('rose-or');
    expect(slugify('x'.repeat(130))).toHaveLength(120);
  });
  it('does not end on a dash where the length cut falls', () => {
    expect(slugify(`${'a'.repeat(79)} bague`, 80)).toBe('a'.repeat(79));
    expect(slugify('Éclat Vendôme Paris', 80)).toBe('eclat-vendome-paris');
  });
});
