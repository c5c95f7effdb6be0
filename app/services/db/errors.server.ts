import { messages } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The SQLSTATE codes of each kind of refusal the services answer. A foreign key with ON DELETE
 * RESTRICT refuses a delete with restrict_violation (23001) on the PostgreSQL inside PGlite and
 * with foreign_key_violation (23503) on PostgreSQL 15: both mean a row still uses the one deleted.
 */
const CODES = {
  unique: ['23505'],
  'foreign-key': ['23503', '23001'],
} as const;

export type ConstraintKind = keyof typeof CODES;

/**
 * How many errors deep the database's own error may be. Drizzle wraps it once (its query error's
 * `cause`); a transaction or a service may wrap that again.
 */
const MAX_DEPTH = 4;

/**
 * Whether the database refused a statement on this constraint (a unique index or a foreign key,
 * by name), for PGlite and node-postgres alike, however the error was wrapped on the way here.
 * Anything else, a database error of another kind or constraint included, is false.
 */
export function violatesConstraint(
  error: unknown,
  kind: ConstraintKind,
  constraint: string,
): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && current instanceof Error; depth++) {
    if (current instanceof messages.DatabaseError || current instanceof pg.DatabaseError) {
      const codes: readonly string[] = CODES[kind];
      return codes.includes(current.code ?? '') && current.constraint === constraint;
    }
    current = current.cause;
  }
  return false;
}
