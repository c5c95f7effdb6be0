import type { ImportJobStatus } from '~/services/db/schema';

/** Whether the server is at work on an import job: checking its file or applying it. */
export function atWork(status: ImportJobStatus): boolean {
  return status === 'checking' || status === 'applying';
}
