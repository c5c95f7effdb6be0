// npm run admin -- create --email E --name N [--promote]
// Creates an admin account (password from ADMIN_PASSWORD or a prompt). An account that exists
// already is made an admin only with --promote: anyone can register an address through the shop,
// and promoting it would hand the back office to whoever registered it, with their password.
import './load-env';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { accountExists, createOrPromoteAdmin, isAdmin } from '~/services/accounts/admins.server';
import { closeDb } from '~/services/db/client.server';
import { migrateDatabase } from '~/services/db/migrate.server';
import { openForScript } from './cli-db';

const usage =
  'Usage: npm run admin -- create --email you@example.com --name "Your Name" [--promote]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string' }, promote: { type: 'boolean' } },
});
if (positionals[0] !== 'create' || !values.email) {
  console.error(usage);
  process.exit(2);
}
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error(`Not an e-mail address: ${values.email}`);
  process.exit(2);
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    console.error('Set ADMIN_PASSWORD (at least 8 characters) or run in a terminal to be asked.');
    process.exit(2);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Password for the new admin (at least 8 characters): ');
  rl.close();
  return answer;
}

openForScript();
await migrateDatabase();
const exists = await accountExists(values.email);
if (exists && !values.promote && !(await isAdmin(values.email))) {
  await closeDb();
  console.error(
    `An account for ${values.email} exists already (registered through the shop, so whoever\n` +
      'registered it knows its password). If that account is yours, run the same command with\n' +
      '--promote to make it an admin; otherwise remove it and run this again.',
  );
  process.exit(2);
}
const needsPassword = !exists;
const password = needsPassword ? (process.env.ADMIN_PASSWORD ?? (await askPassword())) : undefined;
if (password !== undefined && password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(2);
}
const result = await createOrPromoteAdmin({
  email: values.email,
  name: values.name ?? 'Administrator',
  password,
});
await closeDb();
console.log(
  result === 'created'
    ? `Admin ${values.email} created.`
    : result === 'promoted'
      ? `${values.email} is now an admin.`
      : `${values.email} was already an admin.`,
);
