import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CarouselControls, useCarousel } from '~/components/ui/carousel';
import { useHydrated } from '~/lib/use-hydrated';
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
  const count = slides.length;
  const { index, go, running, stopped, toggle, rootProps } = useCarousel(count);
  // The hidden slides wait (not displayed, so their lazy images are not fetched) until the page
  // has loaded and the first slide's image, the largest paint, is on screen: stacked under the
  // first slide they would count as visible, so Chromium would fetch their images alongside it,
  // sharing a slow phone's bandwidth. A slide shown before that (Next) is displayed at once.
  // Without JavaScript the slides lie side by side in a strip that scrolls sideways, each whole.
  const [settled, setSettled] = useState(false);
  const hydrated = useHydrated();
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

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="on-dark relative isolate overflow-hidden bg-brand-900 text-white"
      {...rootProps}
    >
      <div
        className="banner-strip relative h-[420px] sm:h-[460px]"
        aria-live={running ? 'off' : 'polite'}
      >
        {slides.map((slide, i) => {
          const active = i === index;
          return (
            <div
              key={slide.href}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slide.title}`}
              // Hidden from screen readers and the keyboard only once the carousel runs.
              aria-hidden={hydrated ? !active : undefined}
              inert={hydrated ? !active : undefined}
              data-active={active}
              className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${active ? 'opacity-100' : 'pointer-events-none opacity-0'} ${active || settled ? '' : 'hidden'}`}
            >
              {slide.image ? (
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
              <div className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-900 via-brand-900/85 to-brand-900/70" />
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
      <CarouselControls
        titles={slides.map((s) => s.title)}
        index={index}
        go={go}
        stopped={stopped}
        toggle={toggle}
        className="absolute inset-x-0 bottom-4"
      />
    </section>
  );
}
