import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Says the new page's title to screen readers after a client-side navigation, which, unlike a
 * page load, announces nothing: the focus stays where it was (or falls to the page when the
 * clicked link goes with the old page). Only a new path counts: a search or filter changing the
 * query string keeps the reader where they are. The region is on every page from the start, so
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
    // The new route's <title> is written in the same commit; read it once it is there.
    const id = requestAnimationFrame(() => setTitle(document.title));
    return () => cancelAnimationFrame(id);
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic className="sr-only" data-testid="route-announcer">
      {title}
    </p>
  );
}
