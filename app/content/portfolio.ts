// The Portfolio page: three projects, each a short story and a carousel of
// pictures. The pictures are drawn on the server (app/services/media/company-images.server.ts)
// from the scene named here; nothing is fetched from the network.

import type { SceneKind } from './pictures';

export interface ProjectPicture {
  /** Stable key: the picture is drawn once per key and served from media storage. */
  key: string;
  scene: SceneKind;
  /** 0–360: the sky or backdrop tint. */
  hue: number;
  /** What the picture shows, for screen readers and as the caption. */
  caption: string;
}

export interface Project {
  id: string;
  title: string;
  /** Who it was for, shown above the title. */
  client: string;
  paragraphs: string[];
  /** What was delivered, as short facts. */
  scope: string[];
  pictures: ProjectPicture[];
}

export const portfolioTitle = 'Our Projects';
export const portfolioSubtitle = 'Innovative solutions for a better future';

export const projects: Project[] = [
  {
    id: 'goalposts',
    title: 'Football goalposts for school fields',
    client: 'Primary and secondary schools',
    paragraphs: [
      'School fields take a beating: daily PE lessons, CCA training and the afternoon monsoon downpours. Several schools came to us with steel goals that had rusted at the sockets and no longer met the dimensions their zone competitions required.',
      'We replaced them with full-size and junior aluminium goalposts in 120 mm oval profile, set in new concrete footings with flush ground sockets so the field can be cleared for sports day. Every goal was levelled, measured against the Laws of the Game and fitted with a knotless net and safety padding before handover to the PE department.',
    ],
    scope: [
      'Full-size and 5-a-side aluminium goals',
      'Concrete footings and ground sockets',
      'Nets, net supports and post padding',
    ],
    pictures: [
      {
        key: 'goalposts-field',
        scene: 'goalpost-field',
        hue: 200,
        caption: 'Full-size aluminium goalposts installed on a school field',
      },
      {
        key: 'goalposts-socket',
        scene: 'goalpost-socket',
        hue: 30,
        caption: 'Ground socket set in a new concrete footing',
      },
      {
        key: 'goalposts-junior',
        scene: 'goalpost-junior',
        hue: 190,
        caption: 'Junior goals with safety padding for primary school pupils',
      },
    ],
  },
  {
    id: 'basketball',
    title: 'Basketball hoops for halls and open courts',
    client: 'Schools, community clubs and condominiums',
    paragraphs: [
      'An indoor hall and an open-air court ask different things of a basketball system. Indoors, units must fold away so the hall can host assemblies and examinations; outdoors, they must survive sun, rain and the occasional dunk.',
      'For school halls we installed wall-mounted and ceiling-folding backboards with breakaway rings, after checking each wall structure. For open courts we set ground-mounted galvanised posts with weatherproof fibreglass backboards and post padding, and adjustable-height units for primary schools so younger pupils play at the right height.',
    ],
    scope: [
      'Wall-mounted and ground-mounted systems',
      'Height-adjustable units for primary schools',
      'Breakaway rings, padding and structural checks',
    ],
    pictures: [
      {
        key: 'basketball-hall',
        scene: 'hoop-hall',
        hue: 35,
        caption: 'Wall-mounted backboard and breakaway ring in a school hall',
      },
      {
        key: 'basketball-outdoor',
        scene: 'hoop-outdoor',
        hue: 205,
        caption: 'Ground-mounted basketball post on an open-air court',
      },
      {
        key: 'basketball-adjustable',
        scene: 'hoop-adjustable',
        hue: 170,
        caption: 'Height-adjustable hoop set lower for primary school play',
      },
    ],
  },
  {
    id: 'court-coating',
    title: 'Acrylic court coating for schools, the sports council and clubs',
    client: 'Schools, the national sports agency and private clubs',
    paragraphs: [
      'Outdoor courts in Singapore fade, crack and grow slippery faster than anywhere with a cooler climate. We resurface tired asphalt and concrete courts with multi-layer acrylic systems: crack repair and levelling first, then a resurfacer, two textured colour coats and the line paint.',
      'We have coated basketball, tennis, netball and multi-purpose courts for schools, public sport centres and private clubs, scheduling the work around the school holidays and the dry spells between monsoons so that courts return to play on time, with crisp lines and a surface that stays safe underfoot in the rain.',
    ],
    scope: [
      'Crack repair, levelling and pressure cleaning',
      'Cushioned and hard acrylic colour systems',
      'Line marking for several sports on one court',
    ],
    pictures: [
      {
        key: 'coating-before-after',
        scene: 'court-before-after',
        hue: 200,
        caption: 'A cracked, faded court beside the same court after resurfacing',
      },
      {
        key: 'coating-application',
        scene: 'court-application',
        hue: 140,
        caption: 'Textured colour coat being applied with a squeegee',
      },
      {
        key: 'coating-finished',
        scene: 'court-finished',
        hue: 210,
        caption: 'Finished multi-purpose court with basketball and netball lines',
      },
    ],
  },
];
