import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from '~/lib/constants';
import type { ProductImage } from '~/services/catalogue/products.server';

export interface CarouselSlide {
  title: string;
  text: string;
  href: string;
  cta: string;
  image: ProductImage | null;
}

/** Resolves after the window's load event. */
function loaded() {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
}

/** Resolves once `image` has loaded (or failed) and the frame showing it has been painted. */
function painted(image: HTMLImageElement | null) {
  return new Promise<void>((resolve) => {
    const afterPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (!image || image.complete) return afterPaint();
    image.addEventListener('load', afterPaint, { once: true });
    image.addEventListener('error', afterPaint, { once: true });
  });
}

/**
 * A fading banner carousel: advances every 5 s, pauses on hover, on keyboard focus and with the
 * pause button, never auto-advances under prefers-reduced-motion, and follows a 40 px swipe.
 */
export function BannerCarousel({
  slides,
  siteName,
}: {
  slides: CarouselSlide[];
  siteName: string;
}) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [reduced, setReduced] = useState(true);
  const start = useRef<number | null>(null);
  const count = slides.length;
  const go = useCallback((n: number) => setIndex(((n % count) + count) % count), [count]);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  // The hidden slides' images wait until the page has loaded and the first slide's image, the
  // largest paint, is on screen: stacked under the first slide they count as visible, so Chromium
  // would fetch them alongside it, sharing a slow phone's bandwidth. Without JavaScript only the
  // first slide shows, so nothing is lost there.
  const [settled, setSettled] = useState(false);
  const firstImage = useRef<HTMLImageElement>(null);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([loaded(), painted(firstImage.current)]).then(() => {
      if (!cancelled) setSettled(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const running = !hovered && !focused && !stopped && !reduced && count > 1;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => go(index + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, go]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-state={running ? 'playing' : 'paused'}
      className="relative isolate overflow-hidden bg-brand-900 text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerUp={(e) => {
        if (start.current === null) return;
        const dx = e.clientX - start.current;
        start.current = null;
        if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(index + (dx < 0 ? 1 : -1));
      }}
      style={{ touchAction: 'pan-y' }}
    >
      <div className="relative h-[420px] sm:h-[460px]" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const active = i === index;
          return (
            <div
              key={slide.href}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slide.title}`}
              aria-hidden={!active}
              inert={!active}
              data-active={active}
              className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${active ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
            >
              {slide.image && (i === 0 || settled) ? (
                <img
                  ref={i === 0 ? firstImage : undefined}
                  src={slide.image.src}
                  srcSet={slide.image.srcSet}
                  sizes="100vw"
                  width={slide.image.width}
                  height={slide.image.height}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  draggable={false}
                  className="absolute inset-0 -z-10 size-full object-cover opacity-40"
                />
              ) : null}
              <div className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-900 via-brand-900/85 to-brand-900/30" />
              <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-6 pb-12 sm:px-16">
                <p className="text-xs font-semibold tracking-widest text-brand-100 uppercase">
                  {siteName}
                </p>
                <h2 className="mt-3 max-w-xl text-3xl font-extrabold tracking-tight sm:text-5xl">
                  {slide.title}
                </h2>
                <p className="mt-4 max-w-lg text-base text-brand-50 sm:text-lg">{slide.text}</p>
                <div>
                  <Link
                    to={slide.href}
                    className="mt-6 inline-block rounded-md bg-accent-600 px-5 py-3 font-semibold text-white hover:bg-accent-700"
                  >
                    {slide.cta}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => go(index - 1)}
          aria-label="Previous slide"
          className="rounded-full bg-white/15 p-2 hover:bg-white/30"
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <div className="flex gap-1">
          {slides.map((slide, i) => (
            <button
              key={slide.href}
              type="button"
              onClick={() => go(i)}
              aria-label={`Go to slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? 'true' : undefined}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/50'}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(index + 1)}
          aria-label="Next slide"
          className="rounded-full bg-white/15 p-2 hover:bg-white/30"
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? 'Play slides' : 'Pause slides'}
          className="rounded-full bg-white/15 p-2 hover:bg-white/30"
        >
          {stopped ? (
            <Play aria-hidden className="size-4" />
          ) : (
            <Pause aria-hidden className="size-4" />
          )}
        </button>
      </div>
    </section>
  );
}
