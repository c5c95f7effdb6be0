import { expect, it } from 'vitest';
import {
  isDatabaseMarkedDown,
  isDatabaseUnavailableError,
  isPoolBusyError,
  noteDatabaseError,
} from './availability.server';

it('answers a busy pool 503 without marking the database away, and a lost database with', () => {
  // pg-pool, when every connection stayed busy past the connection timeout; drizzle wraps it.
  const busy = new Error('timeout exceeded when trying to connect');
  const wrapped = new Error('Failed query: select 1', { cause: busy });
  for (const error of [busy, wrapped]) {
    expect(isPoolBusyError(error)).toBe(true);
    expect(isDatabaseUnavailableError(error)).toBe(true);
    expect(noteDatabaseError(error)).toBe(true);
  }
  expect(isDatabaseMarkedDown()).toBe(false);
  // pg-pool, when a new connection could not be made in time: the database is away.
  const lost = new Error('Connection terminated due to connection timeout', {
    cause: new Error('Connection terminated unexpectedly'),
  });
  expect(isPoolBusyError(lost)).toBe(false);
  expect(noteDatabaseError(lost)).toBe(true);
  expect(isDatabaseMarkedDown()).toBe(true);
});
