/**
 * The page's main heading, made focusable from a script only while it has the focus: where the
 * keyboard goes on when what it was on has gone, so it carries on from the page rather than from
 * its top.
 */
export function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
    heading.addEventListener('blur', () => heading.removeAttribute('tabindex'), { once: true });
  }
  return heading;
}
