import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from '~/lib/constants';

// What every carousel of the shop shares (the home banner, the portfolio projects): the timer,
// pausing on hover, on keyboard focus and by the pause button, no auto-advance under
// prefers-reduced-motion, the 40 px swipe, and the row of controls. Each carousel draws its own
// slides.

/**
 * A carousel's state and the props for its outer element. `rootProps` pause it while the pointer
 * is over it or focus is inside, and follow a swipe; `running` says whether it is advancing.
 */
export function useCarousel(count: number, intervalMs = CAROUSEL_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  // Until the browser says otherwise, assume reduced motion: the server's HTML never starts a timer.
  const [reduced, setReduced] = useState(true);
  const start = useRef<number | null>(null);
  const go = useCallback((n: number) => setIndex(((n % count) + count) % count), [count]);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  const running = !hovered && !focused && !stopped && !reduced && count > 1;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => go(index + 1), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, index, go, intervalMs]);

  const rootProps = {
    'data-state': running ? 'playing' : 'paused',
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: React.FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
    onPointerDown: (e: React.PointerEvent<HTMLElement>) => {
      start.current = e.clientX;
    },
    onPointerUp: (e: React.PointerEvent<HTMLElement>) => {
      if (start.current === null) return;
      const dx = e.clientX - start.current;
      start.current = null;
      if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(index + (dx < 0 ? 1 : -1));
    },
    style: { touchAction: 'pan-y' },
  } as const;

  return {
    index,
    go,
    running,
    stopped,
    toggle: () => setStopped((s) => !s),
    rootProps,
  };
}

/**
 * Previous, one dot per slide, next, and pause/play. `noun` names what is shown ("slide",
 * "picture") in the buttons' labels; `tone` suits a dark or a light background.
 */
export function CarouselControls({
  titles,
  index,
  go,
  stopped,
  toggle,
  noun = 'slide',
  tone = 'dark',
  className = '',
}: {
  titles: string[];
  index: number;
  go: (n: number) => void;
  stopped: boolean;
  toggle: () => void;
  noun?: string;
  tone?: 'dark' | 'light';
  className?: string;
}) {
  const button =
    tone === 'dark'
      ? 'rounded-full bg-white/15 p-2 text-white hover:bg-white/30'
      : 'rounded-full border border-slate-300 bg-white p-2 text-slate-800 shadow-sm hover:bg-slate-100';
  const dot = (active: boolean) =>
    tone === 'dark'
      ? active
        ? 'w-6 bg-white'
        : 'w-2 bg-white/50'
      : active
        ? 'w-6 bg-brand-600'
        : 'w-2 bg-slate-500';
  const plural = `${noun}s`;
  return (
    // Without JavaScript the buttons could do nothing: they are not shown.
    <div className={`flex items-center justify-center gap-3 noscript:hidden ${className}`}>
      <button
        type="button"
        onClick={() => go(index - 1)}
        aria-label={`Previous ${noun}`}
        className={button}
      >
        <ChevronLeft aria-hidden className="size-5" />
      </button>
      <div className="flex gap-1">
        {titles.map((title, i) => (
          <button
            key={i}
            type="button"
            onClick={() => go(i)}
            aria-label={`Go to ${noun} ${i + 1}: ${title}`}
            aria-current={i === index ? 'true' : undefined}
            className="flex size-6 items-center justify-center rounded-full"
          >
            <span className={`block h-2 rounded-full transition-all ${dot(i === index)}`} />
          </button>
        ))}
      </div>
      <button
        type="button"
        onClick={() => go(index + 1)}
        aria-label={`Next ${noun}`}
        className={button}
      >
        <ChevronRight aria-hidden className="size-5" />
      </button>
      <button
        type="button"
        onClick={toggle}
        aria-label={stopped ? `Play ${plural}` : `Pause ${plural}`}
        className={button}
      >
        {stopped ? (
          <Play aria-hidden className="size-4" />
        ) : (
          <Pause aria-hidden className="size-4" />
        )}
      </button>
    </div>
  );
}
