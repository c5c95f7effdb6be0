import type { MetaDescriptor } from 'react-router';

/** Title and `noindex` for a back-office page (a child route's meta replaces its parent's). */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Back office` }, { name: 'robots', content: 'noindex, nofollow' }];
}
