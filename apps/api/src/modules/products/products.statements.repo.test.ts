import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { METAL_TYPES, PRODUCT_STATUSES } from '@mirror/contract';
import { filterShape, literal, shapeKey } from './products.statements.repo';

const text = (value: ReturnType<typeof literal>) => new PgDialect().sqlToQuery(value);

describe('literal: the closed-set values a statement writes into its text (decision 0134)', () => {
  it('writes an enum’s own values, booleans and whole numbers, with no parameter', () => {
    expect(text(literal('DRAFT', PRODUCT_STATUSES))).toEqual({ sql: "'DRAFT'", params: [] });
    expect(text(literal('WHITE_GOLD', METAL_TYPES))).toEqual({ sql: "'WHITE_GOLD'", params: [] });
    expect(text(literal(true))).toEqual({ sql: 'true', params: [] });
    expect(text(literal(5))).toEqual({ sql: '5', params: [] });
  });

  it('refuses anything else: a value outside the set, a quote, a fraction', () => {
    expect(() => literal("DRAFT' or '1'='1", PRODUCT_STATUSES)).toThrow();
    expect(() => literal('Sapphire', PRODUCT_STATUSES)).toThrow();
    expect(() => literal('DRAFT')).toThrow();
    expect(() => literal(1.5)).toThrow();
    expect(() => literal(Number.NaN)).toThrow();
  });

  it('names those values in the statement’s key, and only the presence of the others', () => {
    const viewer = { isAdmin: true, vendorId: null };
    expect(shapeKey(viewer, { status: 'DRAFT', metalType: 'PLATINUM', featured: false, stone: 'Ruby' })).toBe(
      'admin,stone,metalType=PLATINUM,status=DRAFT,featured=false',
    );
    expect(shapeKey(viewer, { status: 'ACTIVE' })).not.toBe(shapeKey(viewer, { status: 'DRAFT' }));
    expect(filterShape({})).toEqual([]);
  });
});
