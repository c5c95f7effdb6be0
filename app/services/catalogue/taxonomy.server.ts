import { asc } from 'drizzle-orm';
import { db } from '../db/client.server';
import { categories, sports } from '../db/schema';

export interface NavEntry {
  id: number;
  name: string;
}

/** Every sport, alphabetical by name (the Shop by Sport menu). */
export async function listSports(): Promise<NavEntry[]> {
  return db().select({ id: sports.id, name: sports.name }).from(sports).orderBy(asc(sports.name));
}

/** Every category, alphabetical by name (the Categories menu). */
export async function listCategories(): Promise<NavEntry[]> {
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name));
}
