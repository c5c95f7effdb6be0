import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, which unlike a page load announces nothing and leaves the focus
 * where it was: says the new page's title to screen readers, and hands the keyboard's focus to the
 * new page's heading when it was left on nothing (the clicked link went with the old page) or on a
 * link of the header or footer that led here, so Tab goes on from the top of the new page instead
 * of from the footer. A control that keeps its place (the header's search box, a form field the
 * new page focused) keeps the focus. Only a new path counts: a search or filter changing the query
 * string keeps the reader where they are. The region is on every page from the start, so
 * assistive technology is already listening when it changes.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [title, setTitle] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The new route's <title> and content are written in the same commit; act once they are there.
    const id = requestAnimationFrame(() => {
      setTitle(document.title);
      const main = document.getElementById('main');
      const heading = main?.querySelector('h1');
      const active = document.activeElement;
      // Left on nothing (or the body), or on a link outside the page: the header's or footer's.
      if (
        heading &&
        !main!.contains(active) &&
        (active === document.body || !active?.isConnected || active instanceof HTMLAnchorElement)
      ) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    });
    return () => cancelAnimationFrame(id);
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic className="sr-only" data-testid="route-announcer">
      {title}
    </p>
  );
}
