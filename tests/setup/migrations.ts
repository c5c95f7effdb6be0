// For the tests of one migration: the committed migrations up to it, to make a database as it
// stood before, then all of them.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The committed migrations up to and including `last`, in a folder of their own. */
export function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'fieldhouse-migrations-'));
  cpSync('drizzle', folder, { recursive: true });
  const file = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(file, JSON.stringify(journal));
  return folder;
}
