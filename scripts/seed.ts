import './load-env';
import { closeDb } from '~/services/db/client.server';
import { migrateDatabase } from '~/services/db/migrate.server';
import { env } from '~/services/env.server';
import { ensureDemoAdmin, seedDemoCatalogue } from '~/services/seed.server';
import { openForScript } from './cli-db';

openForScript();
await migrateDatabase();
await seedDemoCatalogue({ log: console.log });
const admin = await ensureDemoAdmin();
if (admin) {
  console.log(
    `Demo admin: ${admin.email} / ${admin.password} (kept in ${env().dataDir}/demo-admin.txt)`,
  );
}
await closeDb();
