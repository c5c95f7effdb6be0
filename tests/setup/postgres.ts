// Vitest global setup: when TEST_DB=postgres, starts a throwaway PostgreSQL server and hands its
// URL to the tests (TEST_DATABASE_URL given instead: that server is used).
import { startPostgres } from './start-postgres';

export default async function setup() {
  if (process.env.TEST_DB !== 'postgres') return;
  if (process.env.TEST_DATABASE_URL) return;
  const server = await startPostgres();
  process.env.TEST_DATABASE_URL = server.url;
  return () => server.stop();
}
