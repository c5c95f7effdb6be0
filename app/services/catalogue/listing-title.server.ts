interface Named {
  id: number;
  name: string;
}

/** More names than this in one dimension are counted instead ('4 sports'). */
const MAX_NAMES = 3;

/**
 * The shop listing's heading (and title): the search, else what the listing is narrowed to (the
 * chosen sports, then the chosen categories, in the menus' order), else 'Shop All'. Ids that name
 * nothing are left out, as the listing leaves them out.
 */
export function listingTitle(
  state: { q: string; sportIds: number[]; categoryIds: number[] },
  sports: readonly Named[],
  categories: readonly Named[],
): string {
  if (state.q) return `Search: ${state.q}`;
  const names = (all: readonly Named[], ids: number[], plural: string) => {
    const chosen = all.filter((item) => ids.includes(item.id)).map((item) => item.name);
    return chosen.length > MAX_NAMES ? `${chosen.length} ${plural}` : chosen.join(', ');
  };
  const parts = [
    names(sports, state.sportIds, 'sports'),
    names(categories, state.categoryIds, 'categories'),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Shop All';
}
