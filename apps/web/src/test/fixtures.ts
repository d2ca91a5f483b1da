import type { Product } from '@mirror/contract';

/** A piece as the API returns it, numbered `n` (its id, slug and SKU follow the number); `overrides` for the rest. */
export function piece(n: number, overrides: Partial<Product> = {}): Product {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Piece ${n}`,
    slug: `piece-${n}`,
    description: '',
    sku: `MIR-T-${n}`,
    vendorId: '10000000-0000-4000-8000-000000000001',
    designerId: null,
    categoryId: '20000000-0000-4000-8000-000000000001',
    metalType: 'YELLOW_GOLD',
    gemstone: null,
    currency: 'EUR',
    price: { amount: 100_000 * n, currency: 'EUR' },
    priceRange: null,
    stockQuantity: 1,
    availability: 'IN_STOCK',
    isFeatured: false,
    status: 'ACTIVE',
    images: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}
