import type { Role } from '@mirror/contract';
import type { Db } from '../client';
import { createUsersRepo } from '../../modules/users/users.repo';
import { hashPassword } from '../../lib/passwords';
import type { StorageDriver } from '../../lib/storage/storage';
import { seedCatalog } from './catalog';
import { seedLocations } from './locations';
import { seedDemoOrders } from './orders';

/** Demo-only credentials, printed in the README. Never used when SEED_DEMO=false. */
export const DEMO_PASSWORD = 'Mirror-Demo-2025';

export const DEMO_ACCOUNTS: { username: string; email: string; role: Role; firstName: string; lastName: string }[] = [
  { username: 'admin', email: 'admin@mirror.example', role: 'ADMIN', firstName: 'Hélène', lastName: 'Marchand' },
  { username: 'vendor', email: 'vendor@mirror.example', role: 'VENDOR', firstName: 'Luca', lastName: 'Bernardi' },
  { username: 'designer', email: 'designer@mirror.example', role: 'DESIGNER', firstName: 'Amara', lastName: 'Okafor' },
  { username: 'customer', email: 'customer@mirror.example', role: 'CUSTOMER', firstName: 'Claire', lastName: 'Dubois' },
];

/** Seeds the demo data only into an empty database, so a restart never duplicates or overwrites. */
export async function seedDemo(db: Db, log: (msg: string) => void = () => {}, options: { storage?: StorageDriver } = {}): Promise<boolean> {
  const repo = createUsersRepo(db);
  if ((await repo.countAll()) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = await db.transaction(async (tx) => {
    const txRepo = createUsersRepo(tx as unknown as Db);
    const created: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      created[account.username] = (await txRepo.insert({ ...account, passwordHash, status: 'ACTIVE' })).id;
    }
    return created;
  });
  log(`seeded demo accounts: ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}`);
  await seedCatalog(db, { vendorUserId: ids.vendor!, designerUserId: ids.designer!, storage: options.storage, log });
  log(`seeded ${await seedLocations(db)} locations`);
  const orders = await seedDemoOrders(db, {
    admin: { id: ids.admin!, username: 'admin', role: 'ADMIN' },
    customer: { id: ids.customer!, username: 'customer', role: 'CUSTOMER' },
  });
  log(`seeded ${orders} demo orders`);
  return true;
}
