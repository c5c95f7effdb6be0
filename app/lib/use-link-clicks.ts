import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * One click handler for a container of plain `<a href>` links that navigates inside the app, as
 * React Router's `<Link>` would: a plain left click on a link to this site. A `<Link>` costs the
 * server several hooks per render; the header's category and sport menus hold about sixty links on
 * every page, for every visitor. Modified clicks (new tab, download) stay the browser's.
 */
export function useLinkClicks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = clickedLink(event);
    if (!anchor) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
}

/**
 * The link inside the handler's element that a plain left click (no modifier key: those open new
 * tabs and windows) landed on, or null.
 */
export function clickedLink(event: MouseEvent<HTMLElement>): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element).closest('a');
  return anchor && event.currentTarget.contains(anchor) ? anchor : null;
}

/**
 * `aria-current="page"` for a plain navigation link, as React Router's `<NavLink>` decides it: the
 * link's path is the page's, or (unless `end`) one of its parents.
 */
export function useCurrent(to: string, end = false): 'page' | undefined {
  const pathname = useLocation()
    .pathname.toLowerCase()
    .replace(/(.)\/+$/, '$1');
  const path = to.toLowerCase();
  const current =
    pathname === path || (!end && pathname.startsWith(path === '/' ? '/' : `${path}/`));
  return current ? 'page' : undefined;
}
