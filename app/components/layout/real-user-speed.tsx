import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { Metric } from 'web-vitals';
import type { RumConnection } from '~/lib/rum/vitals';

// Written out rather than imported with the rest of lib/rum/vitals.ts (its buckets and bands),
// which no page needs in its first load; the endpoint checks the same names.
/** Tailwind's `md` starts at 768 CSS pixels: narrower viewports count as phones'. */
const MOBILE_MAX_WIDTH = 767;
const CONNECTIONS: readonly string[] = ['slow-2g', '2g', '3g', '4g'] satisfies RumConnection[];

/** One report per document: the page it was loaded for, whatever the visitor did next. */
let started = false;

/**
 * Reports the Core Web Vitals of a sample of page views (`sampleRate`, RUM_SAMPLE_RATE) to
 * /api/rum. web-vitals is fetched only once the page has loaded and the browser is idle, so it
 * adds nothing to the first load; its observers are buffered, so what happened before is still
 * measured. The report names the route that served the page (its id: the server turns it into
 * the URL pattern, never the address), the device class and the connection type, and is sent
 * when the page is hidden (also when it is left: browsers hide a page before unloading it), without cookies. The values belong to the page the visitor
 * landed on: LCP and TTFB are that load's, CLS and INP cover the document's life, as Chrome's
 * own field data counts them. The back office's pages are not measured.
 */
export function RealUserSpeed({ sampleRate }: { sampleRate: number }) {
  const route = useMatches().at(-1)?.id;
  useEffect(() => {
    // Decided once, for the page the document was loaded for: a back-office page that the
    // visitor leaves for the shop without reloading does not become the shop's.
    if (started) return;
    started = true;
    if (!route || route.startsWith('routes/admin') || !(Math.random() < sampleRate)) return;
    const device = window.innerWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
    const type = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
      ?.effectiveType;
    const connection = type && CONNECTIONS.includes(type) ? type : 'unknown';
    const measure = () =>
      void import('web-vitals').then(({ onCLS, onINP, onLCP, onTTFB }) => {
        const queue: { name: Metric['name']; value: number }[] = [];
        const add = ({ name, value }: Metric) => queue.push({ name, value });
        onLCP(add);
        onINP(add);
        onCLS(add);
        onTTFB(add);
        // After web-vitals' own listeners (registered above, in the capture phase), so the values
        // it reports as the page is hidden are in the queue when it is sent.
        const send = () => {
          if (!queue.length) return;
          const body = JSON.stringify({ route, device, connection, metrics: queue.splice(0) });
          // keepalive lets the request outlive the page; unlike sendBeacon it can leave cookies out.
          fetch('/api/rum', {
            method: 'POST',
            body,
            keepalive: true,
            credentials: 'omit',
            headers: { 'Content-Type': 'application/json' },
          }).catch(() => {});
        };
        // Not at pagehide as well: it comes before the visibilitychange of a page being left,
        // ahead of the CLS and INP that web-vitals reports then, and would split the report in two.
        addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') send();
        });
      });
    const whenIdle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(measure) : setTimeout(measure, 1);
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
  }, [route, sampleRate]);
  return null;
}
