// The About Us page's words: Mission, Vision, Company Description. The
// company's name, address and UEN are not here: they come from the SITE_* settings, so a
// deployment under another name never shows ours.

export interface AboutSection {
  id: string;
  title: string;
  paragraphs: string[];
}

export interface Service {
  title: string;
  text: string;
}

export const aboutIntro =
  'We design, supply, install and maintain sports equipment, flooring and court surfaces for schools, the national sports agency, clubs and event organisers across Singapore.';

export const mission: AboutSection = {
  id: 'mission',
  title: 'Our Mission',
  paragraphs: [
    'To give every school, club and community in Singapore safe, durable and competition-ready places to play, by supplying equipment that meets the rules of each sport and installing it to the standard we would want for our own children.',
  ],
};

export const vision: AboutSection = {
  id: 'vision',
  title: 'Our Vision',
  paragraphs: [
    "To be the sports engineering partner that Singapore's schools and sports organisations call first: known for courts and halls that are ready on the day we promised, equipment that lasts in a tropical climate, and people who pick up the phone after the handover.",
  ],
};

export const description: AboutSection & { topics: Service[] } = {
  id: 'company',
  title: 'Company Description',
  paragraphs: [
    '{name} is a Singapore sports engineering company. Our work covers the whole life of a sports facility: advice and specification, supply of equipment, installation by our own crews, and maintenance for the years after.',
  ],
  topics: [
    {
      title: 'Equipment supply',
      text: 'Goalposts, basketball systems, netball, volleyball, badminton and tennis posts and nets, scoreboards, team benches and bleachers, protective padding, storage, and the complete NAPFA fitness-test range. We supply to FIFA, FIBA, BWF, FIVB and World Netball dimensions, and we stock the spares that keep equipment in service.',
    },
    {
      title: 'Sports flooring and courts',
      text: 'Maple hardwood, vinyl, rubber and modular tile flooring for halls and gyms; cushioned acrylic coating systems for outdoor courts; court line marking and taping for multi-purpose halls; and resurfacing of running tracks. Surface preparation, crack repair, coating and line work are done by our own teams, so one party answers for the result.',
    },
    {
      title: 'Who we work for',
      text: 'Primary and secondary schools, junior colleges and institutes of higher learning; the national sports agency and its ActiveSG sport centres; uniformed groups; town councils; private clubs, condominiums and sports academies. We take part in government procurement through GeBIZ and quote to the specification in the tender or quotation request.',
    },
    {
      title: 'Events',
      text: 'We supply, set up and take down competition equipment for school zone and national championships, community games and corporate sports days, including portable goals, basketball units, court mats, scoreboards and timing.',
    },
    {
      title: 'How we work',
      text: 'A site visit and a written proposal before any order; installation scheduled around the school calendar, usually during holidays or after lessons; a handover with the people who will use the facility; and a warranty and maintenance plan afterwards. Our crews hold the safety training that work in schools and public facilities requires, and we carry public liability insurance for every site.',
    },
  ],
};

export const services: Service[] = [
  {
    title: 'Equipment supply',
    text: 'Goalposts, basketball systems, posts and nets, scoreboards, seating, padding and NAPFA test equipment, to the rules of each sport.',
  },
  {
    title: 'Sports flooring',
    text: 'Hardwood, vinyl, rubber and modular tile systems for halls, gyms and fitness rooms, supplied and laid by our crews.',
  },
  {
    title: 'Court coating',
    text: 'Cushioned and hard acrylic coating systems for outdoor basketball, tennis and multi-purpose courts, with crack repair and resurfacing.',
  },
  {
    title: 'Line marking and taping',
    text: 'Badminton, basketball, volleyball, netball and futsal lines in paint or vinyl tape, laid to the governing bodies’ dimensions.',
  },
  {
    title: 'Installation and maintenance',
    text: 'Footings, sockets, wall structures and commissioning, then inspection and servicing visits that keep equipment safe.',
  },
  {
    title: 'Event supply',
    text: 'Competition equipment delivered, set up and taken down for championships, community games and sports days.',
  },
];

/** What a buyer can count on, shown beside the company details. */
export const commitments: string[] = [
  'A site visit and a written proposal before any order',
  'Installation around the school calendar, by our own crews',
  'Quotations to the specification of a GeBIZ request',
  'An answer to every enquiry within one working day',
];
