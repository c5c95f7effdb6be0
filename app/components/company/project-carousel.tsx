import { CarouselControls, useCarousel } from '~/components/ui/carousel';
import { useHydrated } from '~/lib/use-hydrated';
import type { ProductImage } from '~/services/catalogue/products.server';

export interface CarouselPicture {
  key: string;
  caption: string;
  image: ProductImage | null;
}

/**
 * A project's pictures, one at a time with its caption: the home banner's behaviour (timer, pause
 * on hover, focus and by button, reduced motion, swipe) on a light background, at most 400 px high
 *
 */
export function ProjectCarousel({
  label,
  pictures,
}: {
  label: string;
  pictures: CarouselPicture[];
}) {
  const count = pictures.length;
  const { index, go, running, stopped, toggle, rootProps } = useCarousel(count);
  // Without JavaScript every picture is shown (one under another): none is hidden from screen
  // readers or the keyboard until the carousel runs.
  const hydrated = useHydrated();
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      {...rootProps}
    >
      <div className="relative" aria-live={running ? 'off' : 'polite'}>
        {pictures.map((picture, i) => {
          const active = i === index;
          return (
            <figure
              key={picture.key}
              // A figure with a caption is a figure (its implicit role; ARIA in HTML allows no
              // group there), named and described as a slide.
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${picture.caption}`}
              aria-hidden={hydrated ? !active : undefined}
              inert={hydrated ? !active : undefined}
              data-active={active}
              // The first picture stays in the flow and gives the frame its height; the others lie on
              // it. Without JavaScript (nothing to turn them) they follow one another.
              className={`${i === 0 ? 'relative' : 'absolute inset-0'} noscript:relative noscript:opacity-100 transition-opacity duration-700 motion-reduce:transition-none ${active ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
            >
              <div className="aspect-[16/9] max-h-[400px] w-full overflow-hidden bg-slate-100">
                {picture.image ? (
                  <img
                    src={picture.image.src}
                    srcSet={picture.image.srcSet}
                    sizes="(min-width: 1024px) 600px, 100vw"
                    width={picture.image.width}
                    height={picture.image.height}
                    alt={picture.caption}
                    loading="lazy"
                    draggable={false}
                    className="size-full object-cover"
                  />
                ) : null}
              </div>
              <figcaption className="min-h-14 px-4 pt-3 text-sm text-slate-700">
                {picture.caption}
              </figcaption>
            </figure>
          );
        })}
      </div>
      <CarouselControls
        titles={pictures.map((p) => p.caption)}
        index={index}
        go={go}
        stopped={stopped}
        toggle={toggle}
        noun="picture"
        tone="light"
        className="px-4 pt-2 pb-4"
      />
    </section>
  );
}
