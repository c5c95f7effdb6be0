import { asc } from 'drizzle-orm';
import { db } from '../db/client.server';
import { categories, sports } from '../db/schema';
import { cached } from './cache.server';

export interface NavEntry {
  id: number;
  name: string;
}

/** Every sport, alphabetical by name (the Shop by Sport menu). Cached until the catalogue changes. */
export function listSports(): Promise<NavEntry[]> {
  return cached('sports', () =>
    db().select({ id: sports.id, name: sports.name }).from(sports).orderBy(asc(sports.name)),
  );
}

/** Every category, alphabetical by name (the Categories menu). Cached until the catalogue changes. */
export function listCategories(): Promise<NavEntry[]> {
  return cached('categories', () =>
    db()
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.name)),
  );
}
