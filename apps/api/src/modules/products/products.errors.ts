/** The products module's own errors: a missing piece, one field's validation failure, and what a failed write means. */
import { AppError } from '../../lib/errors';
import { isUniqueViolation, pgErrorOf } from '../../lib/db-errors';

export const notFound = () => new AppError('PRODUCT_NOT_FOUND', 'Product not found.');
export const validation = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path, message }]);

export function mapWriteError(err: unknown): never {
  if (isUniqueViolation(err, 'products_sku_uq'))
    throw new AppError('SKU_TAKEN', 'A product with this SKU already exists.', [{ path: 'sku', message: 'This SKU is already used.' }]);
  if (isUniqueViolation(err, 'products_slug_uq'))
    throw new AppError('SLUG_TAKEN', 'A product with this slug already exists.', [{ path: 'slug', message: 'This slug is already used.' }]);
  const pg = pgErrorOf(err);
  if (pg?.code === '23503') throw new AppError('UNPROCESSABLE', 'A referenced record does not exist.');
  if (pg?.code === '23514') throw new AppError('UNPROCESSABLE', 'These values are not consistent (price, range or stock).');
  throw err;
}
