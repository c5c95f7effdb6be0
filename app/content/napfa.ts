// The NAPFA page: the wholesale range of National Physical Fitness Award test
// equipment, eleven items. Each item is a catalogue product, so it can go into the
// enquiry cart; its name and picture come from the catalogue, and the words here say what a
// school buys it for. Ids are those of app/content/demo-catalogue.ts.

export interface NapfaItem {
  productId: number;
  /** Shown when the product is missing from the catalogue (deleted by staff). */
  name: string;
  description: string;
}

export const napfaTitle = 'NAPFA Test Equipment';
export const napfaSubtitle =
  'Everything a school needs to run the National Physical Fitness Award test, supplied wholesale.';
export const napfaBulkPricing =
  'Bulk pricing is available for schools and institutions. Add the items you need to your cart and send one enquiry: we reply with a quotation for the quantities, delivery and any installation, usually within one working day.';

export const napfaItems: NapfaItem[] = [
  {
    productId: 14,
    name: 'Sit-and-Reach Box',
    description:
      'Marine plywood box with a sliding plate and printed centimetre scale, built to the sit-and-reach protocol.',
  },
  {
    productId: 18,
    name: 'Inclined Pull-Up Bar',
    description:
      'Low bar adjustable from 90 to 110 cm for the inclined pull-up, freestanding or fixed in the ground.',
  },
  {
    productId: 17,
    name: 'Pull-Up Bar Station',
    description:
      'Three galvanised bars at graded heights for the pull-up, set in concrete footings by our team.',
  },
  {
    productId: 15,
    name: 'Standing Broad Jump Mat',
    description:
      'Non-slip 3.5 m rubber mat with a take-off line and 1 cm markings; rolls up for storage.',
  },
  {
    productId: 53,
    name: 'Standing Broad Jump Floor Marking',
    description:
      'A permanent jump lane taped or painted on your hall floor, with nothing to set out on test day.',
  },
  {
    productId: 16,
    name: 'Shuttle Run Mat and Blocks',
    description:
      'Hardwood blocks, marker boxes and line markers for the 4 × 10 m shuttle run, in a carry bag.',
  },
  {
    productId: 54,
    name: 'Stopwatches with Printer',
    description:
      'Ten 1/100 s stopwatches and a thermal printer that gives every timing a paper record.',
  },
  {
    productId: 19,
    name: 'Sit-Up and Gym Mats',
    description:
      'Foldable 50 mm foam mats with wipe-clean covers that join into a strip for a whole class.',
  },
  {
    productId: 55,
    name: 'Mat Trolley',
    description:
      'Carries up to 20 folded mats on lockable castors from storeroom to hall in one trip.',
  },
  {
    productId: 56,
    name: 'Customised Equipment',
    description:
      'Stations, printed mats and storage made to fit your site and colours, measured and installed by us.',
  },
  {
    productId: 58,
    name: 'Number Tags',
    description: 'Tear-resistant numbered tags, 1 to 100, with elastic loops or safety pins.',
  },
];
