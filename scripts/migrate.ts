import './load-env';
import { closeDb } from '~/services/db/client.server';
import { migrateDatabase } from '~/services/db/migrate.server';
import { openForScript } from './cli-db';

openForScript();
await migrateDatabase();
await closeDb();
console.log('Database migrated.');
