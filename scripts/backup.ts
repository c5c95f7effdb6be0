// `npm run backup -- [--out FILE]` and `npm run restore -- FILE --yes`, for either engine.
// PostgreSQL: pg_dump's custom format, restored with pg_restore (--clean: objects are replaced).
// Embedded database: PGlite's dumpDataDir (a gzipped tar of the data folder), loaded back with
// loadDataDir; the server must be stopped (one process per folder), and the folder being
// replaced is kept beside it as db.before-restore-<time>.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { env } from '~/services/env.server';
import { openForScript } from './cli-db';

/** The newest pg_dump / pg_restore: on PATH, or Debian's versioned folders. */
function pgTool(name: string): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      const bin = path.join(root, version, 'bin', name);
      if (existsSync(bin)) return bin;
    }
  }
  return name;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

export async function backup(out?: string): Promise<string> {
  const config = env();
  const file =
    out ??
    path.join(
      config.dataDir,
      'backups',
      `fieldhouse-${stamp()}.${config.database.kind === 'postgres' ? 'dump' : 'tar.gz'}`,
    );
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (config.database.kind === 'postgres') {
    execFileSync(
      pgTool('pg_dump'),
      ['--format=custom', '--no-owner', `--file=${file}`, config.database.url],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    return file;
  }
  if (!config.database.dir) throw new Error('The in-memory database has nothing to back up.');
  const db = new PGlite({ dataDir: config.database.dir, extensions: { pg_trgm } });
  try {
    // A checkpoint first, so the copy needs no WAL replay.
    await db.exec('CHECKPOINT');
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  return file;
}

export async function restore(file: string): Promise<void> {
  const config = env();
  if (!existsSync(file)) throw new Error(`No such backup: ${file}`);
  if (config.database.kind === 'postgres') {
    execFileSync(
      pgTool('pg_restore'),
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        `--dbname=${config.database.url}`,
        file,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    return;
  }
  const dir = config.database.dir;
  if (!dir) throw new Error('The in-memory database cannot be restored into.');
  if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${stamp()}`);
  const db = new PGlite({
    dataDir: dir,
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(file)]),
  });
  await db.query('SELECT 1');
  await db.close();
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  openForScript();
  if (command === 'backup') {
    const file = await backup(outAt >= 0 ? args[outAt + 1] : undefined);
    console.log(`Backup written to ${file}`);
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new Error('Usage: npm run restore -- <backup file> --yes');
    if (!args.includes('--yes')) {
      console.error(
        `This replaces the database (${env().database.kind === 'postgres' ? 'DATABASE_URL' : env().dataDir}) with ${file}. Run again with --yes to go ahead.`,
      );
      process.exit(2);
    }
    await restore(file);
    console.log(`Restored ${file}`);
  } else {
    throw new Error('Usage: backup.ts backup [--out FILE] | restore FILE --yes');
  }
  process.exit(0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/backup.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
