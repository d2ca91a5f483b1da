import type { Role } from '@mirror/contract';
import { DEFAULT_BRAND_DOMAIN, brandAddress } from '@mirror/contract/brand';
import type { Db } from '../client';
import { createUsersRepo } from '../../modules/users/users.repo';
import { hashPassword } from '../../lib/passwords';
import type { StorageDriver } from '../../lib/storage/storage';
import type { ImageryCache } from '@mirror/imagery';
import { seedCatalog } from './catalog';
import { seedLocations } from './locations';
import { seedDemoOrders } from './orders';

/** Demo-only credentials, printed in the README. Never used when SEED_DEMO=false. */
export const DEMO_PASSWORD = 'Mirror-Demo-2025';

/** The demo accounts; their addresses are mailboxes of the house's domain (BRAND_DOMAIN). */
export function demoAccounts(
  brandDomain: string = DEFAULT_BRAND_DOMAIN,
): { username: string; email: string; role: Role; firstName: string; lastName: string }[] {
  return [
    { username: 'admin', email: brandAddress('admin', brandDomain), role: 'ADMIN', firstName: 'Hélène', lastName: 'Marchand' },
    { username: 'vendor', email: brandAddress('vendor', brandDomain), role: 'VENDOR', firstName: 'Luca', lastName: 'Bernardi' },
    { username: 'designer', email: brandAddress('designer', brandDomain), role: 'DESIGNER', firstName: 'Amara', lastName: 'Okafor' },
    { username: 'customer', email: brandAddress('customer', brandDomain), role: 'CUSTOMER', firstName: 'Claire', lastName: 'Dubois' },
  ];
}

export interface SeedDemoOptions {
  /** Where the studio images go; without it the pieces have none (the API tests). */
  storage?: StorageDriver;
  /** The rendered-images cache (@mirror/imagery, cache.ts); default `node_modules/.cache/mirror-imagery`. */
  imageryCache?: ImageryCache;
  /** The house's domain (BRAND_DOMAIN): every demo address is a mailbox of it. */
  brandDomain?: string;
}

/**
 * Seeds the demo data only into an empty database, so a restart never duplicates or overwrites. With
 * storage, it resolves once every piece has its studio images (the server listens after it).
 */
export async function seedDemo(db: Db, log: (msg: string) => void = () => {}, options: SeedDemoOptions = {}): Promise<boolean> {
  const { storage, imageryCache, brandDomain = DEFAULT_BRAND_DOMAIN } = options;
  const repo = createUsersRepo(db);
  if ((await repo.countAll()) > 0) return false;
  const accounts = demoAccounts(brandDomain);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = await db.transaction(async (tx) => {
    const txRepo = createUsersRepo(tx);
    const created: Record<string, string> = {};
    for (const account of accounts) {
      created[account.username] = (await txRepo.insert({ ...account, passwordHash, status: 'ACTIVE' })).id;
    }
    return created;
  });
  log(`seeded demo accounts: ${accounts.map((a) => a.username).join(', ')}`);
  await seedCatalog(db, { vendorUserId: ids.vendor!, designerUserId: ids.designer!, storage, imageryCache, brandDomain, log });
  log(`seeded ${await seedLocations(db, brandDomain)} locations`);
  const orders = await seedDemoOrders(db, {
    admin: { id: ids.admin!, username: 'admin', role: 'ADMIN', vendorId: null, designerId: null },
    customer: { id: ids.customer!, username: 'customer', role: 'CUSTOMER', vendorId: null, designerId: null },
  });
  log(`seeded ${orders} demo orders`);
  return true;
}
