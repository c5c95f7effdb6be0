/** Home page content: the banner slides and the promo cards. */
export interface Slide {
  title: string;
  text: string;
  href: string;
  cta: string;
  /** Product whose first image illustrates the slide. */
  imageProductId: number;
}

export const slides: Slide[] = [
  {
    title: 'Sports flooring, laid by our own crew',
    text: 'Vinyl, hardwood, rubber and modular court tiles for halls, gyms and outdoor courts.',
    href: '/products/24',
    cta: 'See flooring',
    imageProductId: 24,
  },
  {
    title: 'Goalposts built for school fields',
    text: 'Aluminium full-size goalposts, supplied, installed and maintained across Singapore.',
    href: '/products/3',
    cta: 'View goalposts',
    imageProductId: 3,
  },
  {
    title: 'Court taping and line marking',
    text: 'Crisp, durable lines for basketball, badminton, netball and volleyball courts.',
    href: '/products/2',
    cta: 'View court taping',
    imageProductId: 2,
  },
  {
    title: 'NAPFA test equipment',
    text: 'Complete station sets for the National Physical Fitness Award: ready for test day.',
    href: '/products/13',
    cta: 'View NAPFA set',
    imageProductId: 13,
  },
];

export interface PromoCard {
  title: string;
  description: string;
  href: string;
  label: string;
  imageProductId: number;
}

export const promoCards: PromoCard[] = [
  {
    title: 'The full catalogue',
    description: 'Goalposts, hoops, nets, benches, scoreboards and more for every sport.',
    href: '/shop',
    label: 'Explore',
    imageProductId: 3,
  },
  {
    title: 'Sports flooring',
    description: 'Tell us about your hall or court and we will propose the right surface.',
    href: '/contact-us',
    label: 'Enquire',
    imageProductId: 27,
  },
  {
    title: 'NAPFA equipment',
    description: 'Sit-and-reach boxes, pull-up bars, shuttle-run kits and complete sets.',
    href: '/shop/category/18',
    label: 'Shop NAPFA',
    imageProductId: 13,
  },
  {
    title: 'Court coating',
    description: 'Acrylic coating systems that renew tired outdoor courts in days.',
    href: '/contact-us',
    label: 'Enquire',
    imageProductId: 1,
  },
  {
    title: 'Our projects',
    description: 'Schools, sports councils and clubs we have equipped and built for.',
    href: '/portfolio',
    label: 'See projects',
    imageProductId: 25,
  },
  {
    title: 'Talk to us',
    description: 'Need a quote, a site visit or advice? Our team answers within a working day.',
    href: '/contact-us',
    label: 'Contact Us',
    imageProductId: 2,
  },
];
