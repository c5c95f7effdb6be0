// Shared by the command-line scripts: on the embedded database a script must hold the data
// folder's lock, because PGlite lets two processes corrupt one folder.
import './load-env';
import { DataDirLockedError, lockDataDir, lockHolder } from '~/services/data-lock.server';
import { ConfigError, env } from '~/services/env.server';

export function openForScript(): void {
  try {
    const config = env();
    if (config.database.kind !== 'pglite' || !config.database.dir) return;
    const holder = lockHolder(config.dataDir);
    if (holder !== null) {
      throw new DataDirLockedError(config.dataDir, holder);
    }
    lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `The shop's server (pid ${error.pid}) is using the embedded database in ${error.dataDir}.\n` +
          'Stop the server first, then run this command again.',
      );
      process.exit(1);
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
