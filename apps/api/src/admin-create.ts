/**
 * Creates a real administrator for deployments without demo data.
 * Non-interactive: ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD. Otherwise it asks on the terminal.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { AdminCreateUserBodySchema } from '@mirror/contract';
import { loadEnv } from './config/env';
import { openFromEnv } from './db/open';
import { createUsersService } from './modules/users/users.service';
import { AppError } from './lib/errors';

async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, cb) {
      if (!muted) process.stdout.write(chunk);
      cb();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const pending = rl.question(question);
  muted = hidden;
  const answer = await pending;
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer.trim();
}

async function main() {
  const env = loadEnv();
  const username = process.env.ADMIN_USERNAME || (await ask('Admin username: '));
  const email = process.env.ADMIN_EMAIL || (await ask('Admin email: '));
  const password = process.env.ADMIN_PASSWORD || (await ask('Admin password (10+ characters): ', true));
  const parsed = AdminCreateUserBodySchema.safeParse({ username, email, password, role: 'ADMIN', status: 'ACTIVE' });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  const database = await openFromEnv(env);
  try {
    // The same lock as a starting server's (server.ts): never two migrations at once.
    const releaseStartup = await database.lockStartup();
    await database.migrate().finally(releaseStartup);
    const user = await createUsersService({ db: database.db }).adminCreate(parsed.data);
    console.log(`Created administrator ${user.username} (${user.id}).`);
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.details?.map((d) => `${d.path}: ${d.message}`).join('\n') || err.message);
      process.exitCode = 1;
    } else {
      throw err;
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
