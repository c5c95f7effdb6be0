import type { Database } from '../db/client.server';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who did it: the signed-in admin (the name is kept as it was, so the record outlives the account). */
export interface Actor {
  id: string;
  name: string;
}

/** `%`, `_` and `\` typed into a search box are literal characters in an ILIKE pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Singapore has kept UTC+8 all year since 1982: a calendar day there starts at 16:00 UTC. */
export function singaporeDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** '2026-11-23 14:05' in Singapore time (what a spreadsheet reads as a date and time). */
export function singaporeDateTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** '23 Nov 2026' in Singapore time. */
export function singaporeDate(date: Date): string {
  return new Intl.DateTimeFormat('en-SG', {
    dateStyle: 'medium',
    timeZone: 'Asia/Singapore',
  }).format(date);
}
