/**
 * Who sees and who may write which pieces: the viewer an actor reads as (`mine`: a vendor's own table alone), the
 * Trash for ADMIN only, the vendor a write is scoped to, and what only the house decides on a vendor's piece.
 */
import type { ProductStatus } from '@mirror/contract';
import { AppError } from '../../lib/errors';
import { linkedVendorId, type Actor } from '../../plugins/auth';
import type { ProductFilter, ProductViewer } from './products.repo';

/** Which pieces a reader sees: everything for ADMIN, a vendor's own drafts too, live pieces otherwise. */
export function productViewerOf(actor: Actor | null): ProductViewer {
  if (actor?.role === 'ADMIN') return { isAdmin: true, vendorId: null };
  if (actor?.role === 'VENDOR') return { isAdmin: false, vendorId: actor.vendorId };
  return { isAdmin: false, vendorId: null };
}

/** The Trash is the back-office's: anyone else asking for it is refused rather than shown live pieces. */
export function assertTrashAccess(actor: Actor | null, filter: ProductFilter) {
  if (!filter.deletedOnly || actor?.role === 'ADMIN') return;
  if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  throw new AppError('FORBIDDEN', 'Only an administrator can see deleted pieces.');
}

export function viewerOf(actor: Actor | null, mine?: boolean): ProductViewer {
  // `mine`: a vendor's own back-office table, and nothing of anyone else (not even their live pieces).
  return mine ? { isAdmin: false, vendorId: ownVendorOf(actor), isOwnOnly: true } : productViewerOf(actor);
}

function ownVendorOf(actor: Actor | null): string {
  if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (actor.role !== 'VENDOR') throw new AppError('FORBIDDEN', 'Only a vendor account has its own pieces.');
  return linkedVendorId(actor);
}

/** The vendor a VENDOR caller acts for; null for ADMIN (no scope). */
export function writeScope(actor: Actor): string | null {
  if (actor.role === 'ADMIN') return null;
  if (actor.role !== 'VENDOR') throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  return linkedVendorId(actor);
}

/**
 * What only the house decides on a vendor's piece (decisions §67): publishing it (a vendor submits
 * drafts and may withdraw its own pieces to DRAFT or ARCHIVED, never make one ACTIVE) and which designer
 * it is attributed to (designer sales follow that attribution). Unchanged values pass, so a vendor can
 * save a live piece's other fields.
 */
export function assertVendorMayWrite(
  next: { status?: ProductStatus | undefined; designerId?: string | null | undefined },
  current: { status: ProductStatus; designerId: string | null },
) {
  const refused = [];
  if (next.status === 'ACTIVE' && current.status !== 'ACTIVE')
    refused.push({ path: 'status', message: 'Mirror reviews and publishes pieces; save it as a draft or archive it.' });
  if (next.designerId !== undefined && next.designerId !== current.designerId)
    refused.push({ path: 'designerId', message: 'Mirror attributes pieces to designers.' });
  if (refused.length) throw new AppError('FORBIDDEN', 'Only Mirror can publish a piece or attribute it to a designer.', refused);
}
