// Demo catalogue for Fieldhouse: pure data used to seed a fresh installation.
// Ids are contiguous from 1. Some ids are relied upon elsewhere:
//   product 2 = court taping, product 3 = goalposts, product 13 = NAPFA set,
//   category 18 = NAPFA Equipment.
// Ids are never renumbered: new products take the next id after the highest (53+ are the NAPFA
// page's items that the first catalogue lacked, dated older than the rest so the home page's
// "New products" stay as they were; app/content/napfa.ts lists the page's eleven items).

export interface DemoSport {
  id: number;
  name: string;
  slug: string;
}

export interface DemoCategory {
  id: number;
  name: string;
  slug: string;
}

export type DemoMotif =
  | 'goalpost'
  | 'hoop'
  | 'net'
  | 'court'
  | 'ball'
  | 'flooring'
  | 'napfa'
  | 'bench'
  | 'track'
  | 'sit-reach'
  | 'incline-bar'
  | 'jump-mat'
  | 'shuttle'
  | 'mats'
  | 'floor-marking'
  | 'stopwatch'
  | 'trolley'
  | 'custom'
  | 'whistle'
  | 'tags'
  | 'scoreboard'
  | 'ladder'
  | 'bibs'
  | 'socket'
  | 'generic';

export interface DemoImage {
  title: string;
  motif: DemoMotif;
  /** 0-360, background tint */
  hue: number;
}

export interface DemoProduct {
  id: number;
  name: string;
  slug: string;
  description: string;
  sportId: number;
  categoryIds: number[];
  /** 1 to 3 images */
  images: DemoImage[];
  createdDaysAgo: number;
  modelCode?: string;
  specifications?: { name: string; value: string; unit?: string }[];
}

export const demoSports: DemoSport[] = [
  { id: 1, name: 'Football', slug: 'football' },
  { id: 2, name: 'Basketball', slug: 'basketball' },
  { id: 3, name: 'Netball', slug: 'netball' },
  { id: 4, name: 'Volleyball', slug: 'volleyball' },
  { id: 5, name: 'Badminton', slug: 'badminton' },
  { id: 6, name: 'Tennis', slug: 'tennis' },
  { id: 7, name: 'Futsal', slug: 'futsal' },
  { id: 8, name: 'Floorball', slug: 'floorball' },
  { id: 9, name: 'Hockey', slug: 'hockey' },
  { id: 10, name: 'Athletics', slug: 'athletics' },
  { id: 11, name: 'Fitness / NAPFA', slug: 'fitness-napfa' },
  { id: 12, name: 'Multi-sport', slug: 'multi-sport' },
];

export const demoCategories: DemoCategory[] = [
  { id: 1, name: 'Goalposts', slug: 'goalposts' },
  { id: 2, name: 'Basketball Hoops & Backboards', slug: 'basketball-hoops-backboards' },
  { id: 3, name: 'Nets', slug: 'nets' },
  { id: 4, name: 'Court Taping & Line Marking', slug: 'court-taping-line-marking' },
  { id: 5, name: 'Court Coating', slug: 'court-coating' },
  { id: 6, name: 'Sports Flooring', slug: 'sports-flooring' },
  { id: 7, name: 'Posts & Uprights', slug: 'posts-uprights' },
  { id: 8, name: 'Training Equipment', slug: 'training-equipment' },
  { id: 9, name: 'Balls', slug: 'balls' },
  { id: 10, name: 'Scoreboards', slug: 'scoreboards' },
  { id: 11, name: 'Benches & Seating', slug: 'benches-seating' },
  { id: 12, name: 'Storage & Trolleys', slug: 'storage-trolleys' },
  { id: 13, name: 'Protective Padding', slug: 'protective-padding' },
  { id: 14, name: 'Portable Equipment', slug: 'portable-equipment' },
  { id: 15, name: 'School Equipment', slug: 'school-equipment' },
  { id: 16, name: 'Outdoor Installations', slug: 'outdoor-installations' },
  { id: 17, name: 'Accessories', slug: 'accessories' },
  { id: 18, name: 'NAPFA Equipment', slug: 'napfa-equipment' },
  {
    id: 19,
    name: 'Installation & Maintenance Services',
    slug: 'installation-maintenance-services',
  },
];

export const demoProducts: DemoProduct[] = [
  {
    id: 1,
    name: 'Acrylic Court Coating System',
    slug: 'acrylic-court-coating-system',
    description:
      "Multi-layer cushioned acrylic coating for outdoor basketball, tennis and multi-purpose courts, applied over asphalt or concrete. The system comprises a primer, acrylic resurfacer, two textured colour coats and line paint, giving a UV-stable, slip-resistant finish suited to Singapore's tropical climate. Surface preparation, crack repair and application are carried out by our own crews island-wide.",
    sportId: 12,
    categoryIds: [5, 16, 19],
    images: [
      { title: 'Finished acrylic court in blue and green', motif: 'court', hue: 205 },
      { title: 'Colour coat application', motif: 'court', hue: 140 },
      { title: 'Textured surface close-up', motif: 'flooring', hue: 200 },
    ],
    createdDaysAgo: 12,
  },
  {
    id: 2,
    name: 'Professional Court Line Taping Service',
    slug: 'professional-court-line-taping-service',
    description:
      'Precise line marking for indoor halls using 50 mm vinyl court tape, laid to BWF, FIBA and FIVB court dimensions. Ideal for multi-purpose school halls that need badminton, basketball and volleyball courts overlaid in distinct colours. Work is typically completed in a single day after school hours, with no curing time before the hall can be used.',
    sportId: 12,
    categoryIds: [4, 15, 19],
    images: [
      { title: 'Badminton and volleyball lines on a school hall floor', motif: 'court', hue: 30 },
      { title: 'Tape being laid along a chalk line', motif: 'court', hue: 45 },
    ],
    createdDaysAgo: 3,
  },
  {
    id: 3,
    name: 'Aluminium Football Goalposts (Full Size)',
    slug: 'aluminium-football-goalposts-full-size',
    description:
      'Full-size 7.32 m x 2.44 m goalposts in 120 mm oval extruded aluminium, built to FIFA Laws of the Game dimensions. Supplied with ground sockets, galvanised steel net supports and a 3 mm knotless HDPE net. Installation, concrete footing and alignment on natural or artificial turf are carried out by our team in Singapore.',
    sportId: 1,
    categoryIds: [1, 16],
    images: [
      { title: 'Goalposts on a natural turf pitch', motif: 'goalpost', hue: 120 },
      { title: 'Oval aluminium profile and net supports', motif: 'goalpost', hue: 100 },
      { title: 'Ground socket detail', motif: 'generic', hue: 110 },
    ],
    createdDaysAgo: 30,
    modelCode: 'FH-GP-732',
    specifications: [
      { name: 'Width', value: '7.32', unit: 'm' },
      { name: 'Height', value: '2.44', unit: 'm' },
      { name: 'Material', value: 'Oval extruded aluminium, 120 mm' },
      { name: 'Standard', value: 'FIFA Laws of the Game' },
    ],
  },
  {
    id: 4,
    name: 'Football Goal Net (Replacement, 3 mm HDPE)',
    slug: 'football-goal-net-replacement-3mm-hdpe',
    description:
      'Replacement net for full-size 7.32 m x 2.44 m football goals, knotless 3 mm UV-stabilised HDPE with 120 mm square mesh. Depth of 2.0 m top and bottom suits most box-frame and free-standing goals. Supplied as a pair; fitting by our technicians is available on request.',
    sportId: 1,
    categoryIds: [3, 17],
    images: [{ title: 'White knotless goal net', motif: 'net', hue: 115 }],
    createdDaysAgo: 45,
    modelCode: 'FH-NET-3HD',
    specifications: [
      { name: 'Material', value: 'Knotless UV-stabilised HDPE' },
      { name: 'Twine', value: '3', unit: 'mm' },
      { name: 'Mesh', value: '120', unit: 'mm' },
    ],
  },
  {
    id: 5,
    name: 'Wall-Mounted Basketball Backboard and Ring',
    slug: 'wall-mounted-basketball-backboard-and-ring',
    description:
      'A 1800 mm x 1050 mm backboard mounted on a rigid steel wall frame with adjustable projection up to 1.2 m. Available in 12 mm tempered glass or weatherproof fibreglass with a breakaway ring and nylon net. Our engineers assess the wall structure and install the unit at the regulation 3.05 m ring height.',
    sportId: 2,
    categoryIds: [2, 15],
    images: [
      { title: 'Wall-mounted backboard in a school hall', motif: 'hoop', hue: 25 },
      { title: 'Breakaway ring detail', motif: 'hoop', hue: 15 },
    ],
    createdDaysAgo: 60,
    modelCode: 'FH-BB-WM18',
    specifications: [
      { name: 'Backboard', value: '1800 x 1050', unit: 'mm' },
      { name: 'Height', value: '3.05', unit: 'm' },
      { name: 'Material', value: 'Tempered glass or fibreglass' },
    ],
  },
  {
    id: 6,
    name: 'Portable Basketball System (FIBA Level 2)',
    slug: 'portable-basketball-system-fiba-level-2',
    description:
      'Wheeled basketball unit with 2.25 m boom, hydraulic height adjustment and a 1800 x 1050 mm tempered glass backboard. Designed to FIBA Level 2 requirements for competition and multi-purpose arenas. Counterweighted base with integrated padding; delivery, assembly and commissioning are included.',
    sportId: 2,
    categoryIds: [2, 14],
    images: [
      { title: 'Portable unit on a maple floor', motif: 'hoop', hue: 35 },
      { title: 'Padded base and wheels', motif: 'generic', hue: 30 },
      { title: 'Height adjustment mechanism', motif: 'hoop', hue: 20 },
    ],
    createdDaysAgo: 95,
    modelCode: 'FH-BB-P225',
    specifications: [
      { name: 'Boom', value: '2.25', unit: 'm' },
      { name: 'Height', value: '3.05', unit: 'm' },
      { name: 'Standard', value: 'FIBA Level 2' },
    ],
  },
  {
    id: 7,
    name: 'Volleyball Net with Steel Cable',
    slug: 'volleyball-net-with-steel-cable',
    description:
      'Competition volleyball net, 9.5 m x 1.0 m with 100 mm black mesh, canvas top band and a 4 mm galvanised steel head cable. Meets FIVB dimensions and includes side bands and antenna pockets. Suitable for indoor halls and covered outdoor courts.',
    sportId: 4,
    categoryIds: [3],
    images: [
      { title: 'Volleyball net tensioned between posts', motif: 'net', hue: 50 },
      { title: 'Top band and cable', motif: 'net', hue: 40 },
    ],
    createdDaysAgo: 7,
    modelCode: 'FH-VB-950',
    specifications: [
      { name: 'Width', value: '9.5', unit: 'm' },
      { name: 'Height', value: '1.0', unit: 'm' },
      { name: 'Standard', value: 'FIVB' },
    ],
  },
  {
    id: 8,
    name: 'Badminton Net (Tournament Grade)',
    slug: 'badminton-net-tournament-grade',
    description:
      'BWF-dimension badminton net, 6.1 m x 0.76 m with 19 mm dark mesh and a white 75 mm folded top tape. Braided nylon construction with cord top line for consistent tension. Fits all standard badminton posts, including our wheeled post sets.',
    sportId: 5,
    categoryIds: [3],
    images: [{ title: 'Badminton net on court', motif: 'net', hue: 190 }],
    createdDaysAgo: 150,
  },
  {
    id: 9,
    name: 'Tennis Net with Headband',
    slug: 'tennis-net-with-headband',
    description:
      'Double-top tennis net, 12.8 m long, in 3.5 mm braided polyethylene with a white PVC headband and steel cable. Six-row double mesh at the top reduces wear from ball impact. Supplied with a centre strap and anchor to meet ITF net height requirements.',
    sportId: 6,
    categoryIds: [3],
    images: [
      { title: 'Tennis net on an acrylic court', motif: 'net', hue: 160 },
      { title: 'Centre strap and anchor', motif: 'court', hue: 150 },
    ],
    createdDaysAgo: 210,
  },
  {
    id: 10,
    name: 'Netball Posts (Ground Socketed)',
    slug: 'netball-posts-ground-socketed',
    description:
      'Pair of 3.05 m netball posts in 76 mm galvanised and powder-coated steel, with 380 mm rings projecting 150 mm from the post. Built to World Netball specifications and supplied with ground sockets and caps. Installed into concrete footings by our crew; post padding available separately.',
    sportId: 3,
    categoryIds: [7, 16],
    images: [{ title: 'Netball post with ring and net', motif: 'hoop', hue: 300 }],
    createdDaysAgo: 88,
  },
  {
    id: 11,
    name: 'Volleyball Posts with Internal Winch',
    slug: 'volleyball-posts-with-internal-winch',
    description:
      "Aluminium volleyball posts with an internal winch for net tensioning and telescopic height adjustment for men's, women's and junior play. Floor sockets with flush covers keep the hall floor clear when the posts are removed. Installation includes coring and socket fitting.",
    sportId: 4,
    categoryIds: [7, 15],
    images: [
      { title: 'Volleyball posts in a hall', motif: 'net', hue: 55 },
      { title: 'Flush floor socket cover', motif: 'flooring', hue: 45 },
    ],
    createdDaysAgo: 120,
  },
  {
    id: 12,
    name: 'Badminton Posts on Wheels',
    slug: 'badminton-posts-on-wheels',
    description:
      'Freestanding badminton posts with weighted steel bases and retractable wheels for quick set-up in multi-purpose halls. The 1.55 m posts hold the net at regulation height without floor sockets. Supplied as a pair with net winders.',
    sportId: 5,
    categoryIds: [7, 14, 15],
    images: [{ title: 'Wheeled badminton posts', motif: 'net', hue: 185 }],
    createdDaysAgo: 175,
  },
  {
    id: 13,
    name: 'NAPFA Test Equipment Set',
    slug: 'napfa-test-equipment-set',
    description:
      'A complete set of equipment for conducting the National Physical Fitness Award (NAPFA) test at schools and uniformed-group units. Includes a sit-and-reach box, standing broad jump mat, shuttle run blocks and markers, and sit-up mats. Pull-up and inclined pull-up stations can be added and installed on site by our team.',
    sportId: 11,
    categoryIds: [18, 15],
    images: [
      { title: 'NAPFA stations set up in a school hall', motif: 'napfa', hue: 10 },
      { title: 'Sit-and-reach box and broad jump mat', motif: 'napfa', hue: 25 },
      { title: 'Shuttle run blocks', motif: 'generic', hue: 5 },
    ],
    createdDaysAgo: 0,
  },
  {
    id: 14,
    name: 'Sit-and-Reach Box',
    slug: 'sit-and-reach-box',
    description:
      'Sturdy sit-and-reach box in marine plywood with a sliding measuring plate and clearly printed centimetre scale. Dimensions and scale follow the NAPFA sit-and-reach protocol. Rubber feet prevent slipping on hall floors.',
    sportId: 11,
    categoryIds: [18, 15],
    images: [
      { title: 'Sit-and-reach box with sliding plate', motif: 'sit-reach', hue: 30 },
      { title: 'Printed centimetre scale', motif: 'generic', hue: 35 },
    ],
    createdDaysAgo: 40,
  },
  {
    id: 15,
    name: 'Standing Broad Jump Mat',
    slug: 'standing-broad-jump-mat',
    description:
      'Non-slip rubber jump mat, 3.5 m x 1 m, printed with a take-off line and distance markings from 0.6 m to 3.0 m in 1 cm increments. Rolls up for storage and lies flat on hall floors or covered courts. Used for the NAPFA standing broad jump station.',
    sportId: 11,
    categoryIds: [18, 8],
    images: [{ title: 'Broad jump mat with printed scale', motif: 'jump-mat', hue: 200 }],
    createdDaysAgo: 55,
  },
  {
    id: 16,
    name: 'Shuttle Run Blocks and Marker Set',
    slug: 'shuttle-run-blocks-and-marker-set',
    description:
      'Set of four hardwood shuttle run blocks (5 cm x 5 cm x 10 cm) with two marker boxes and line markers for the 4 x 10 m NAPFA shuttle run. Blocks are sealed and rounded at the edges for safe handling. Packed in a canvas carry bag.',
    sportId: 11,
    categoryIds: [18, 8, 17],
    images: [
      { title: 'Hardwood shuttle run blocks', motif: 'shuttle', hue: 40 },
      { title: 'Marker boxes', motif: 'generic', hue: 45 },
    ],
    createdDaysAgo: 70,
  },
  {
    id: 17,
    name: 'Pull-Up Bar Station',
    slug: 'pull-up-bar-station',
    description:
      'Outdoor pull-up station with three bars at graded heights, fabricated from hot-dip galvanised steel with a powder-coated finish. The 32 mm knurled bars suit the NAPFA pull-up test and daily fitness training. Set into concrete footings by our installation team, with optional rubber safety tiles beneath.',
    sportId: 11,
    categoryIds: [18, 16, 8],
    images: [
      { title: 'Three-height pull-up station', motif: 'napfa', hue: 130 },
      { title: 'Knurled bar detail', motif: 'generic', hue: 125 },
    ],
    createdDaysAgo: 100,
  },
  {
    id: 18,
    name: 'Inclined Pull-Up Station',
    slug: 'inclined-pull-up-station',
    description:
      'Low-bar station for the inclined pull-up test, with the bar adjustable between 90 cm and 110 cm to match pupil height. Galvanised steel frame with powder-coated finish, for indoor or outdoor use. Available freestanding on a weighted base or fixed into the ground.',
    sportId: 11,
    categoryIds: [18, 15, 16],
    images: [
      { title: 'Inclined pull-up bar at adjustable height', motif: 'incline-bar', hue: 140 },
    ],
    createdDaysAgo: 130,
  },
  {
    id: 19,
    name: 'Sit-Up Mat (NAPFA, Foldable)',
    slug: 'sit-up-mat-napfa-foldable',
    description:
      'Four-fold exercise mat, 1.8 m x 0.6 m x 50 mm, with high-density foam core and wipe-clean PVC cover. Suitable for the NAPFA sit-up station and general PE lessons. Hook-and-loop ends allow mats to be joined into a continuous strip.',
    sportId: 11,
    categoryIds: [18, 8, 15],
    images: [{ title: 'Blue foldable sit-up mats', motif: 'mats', hue: 190 }],
    createdDaysAgo: 160,
  },
  {
    id: 20,
    name: 'Futsal Goalposts (Portable, 3 x 2 m)',
    slug: 'futsal-goalposts-portable-3x2m',
    description:
      'Portable 3 m x 2 m futsal goals in 80 mm square aluminium, built to FIFA futsal dimensions. Fold-flat net supports and anti-tip weights make them suitable for halls and covered courts. Supplied as a pair with 3 mm HDPE nets.',
    sportId: 7,
    categoryIds: [1, 14],
    images: [
      { title: 'Futsal goal on indoor court', motif: 'goalpost', hue: 210 },
      { title: 'Folded for storage', motif: 'goalpost', hue: 220 },
    ],
    createdDaysAgo: 25,
  },
  {
    id: 21,
    name: 'Floorball Rink Boards',
    slug: 'floorball-rink-boards',
    description:
      'Modular IFF-certified floorball rink in 50 cm high polypropylene board sections with rounded corners. Sections lock together without tools and stack onto a storage trolley. A full 40 m x 20 m rink can be set up by a small team in under an hour.',
    sportId: 8,
    categoryIds: [14, 17],
    images: [
      { title: 'Floorball rink set up in a hall', motif: 'court', hue: 260 },
      { title: 'Board connector detail', motif: 'generic', hue: 250 },
    ],
    createdDaysAgo: 240,
  },
  {
    id: 22,
    name: 'Floorball Goal with Net',
    slug: 'floorball-goal-with-net',
    description:
      'IFF-approved 160 cm x 115 cm floorball goal in red powder-coated steel with a fitted net and rebound net. Lightweight enough to be moved by one person, with rubber feet to protect hall floors. Sold individually.',
    sportId: 8,
    categoryIds: [1, 3],
    images: [{ title: 'Red floorball goal', motif: 'goalpost', hue: 0 }],
    createdDaysAgo: 260,
  },
  {
    id: 23,
    name: 'Hockey Goals (Aluminium, FIH Dimensions)',
    slug: 'hockey-goals-aluminium-fih',
    description:
      'Aluminium hockey goals, 3.66 m x 2.14 m, with 460 mm high timber backboards and side boards to FIH specifications. Wheels on the rear frame allow the goals to be moved for pitch maintenance. Nets and anchoring kit included.',
    sportId: 9,
    categoryIds: [1, 16],
    images: [
      { title: 'Hockey goal on artificial turf', motif: 'goalpost', hue: 150 },
      { title: 'Timber backboard', motif: 'goalpost', hue: 160 },
    ],
    createdDaysAgo: 280,
  },
  {
    id: 24,
    name: 'Vinyl Sports Flooring (Point-Elastic)',
    slug: 'vinyl-sports-flooring-point-elastic',
    description:
      'Point-elastic vinyl sports flooring, 6.5 mm thick, with a foam backing and PU-treated wear layer. Certified to EN 14904 for shock absorption and ball bounce, suitable for badminton, volleyball and general PE. Laid and heat-welded by our installers over a levelled screed.',
    sportId: 12,
    categoryIds: [6, 15],
    images: [
      { title: 'Wood-look vinyl in a school hall', motif: 'flooring', hue: 30 },
      { title: 'Cross-section of vinyl layers', motif: 'flooring', hue: 20 },
    ],
    createdDaysAgo: 15,
  },
  {
    id: 25,
    name: 'Interlocking Polypropylene Court Tiles',
    slug: 'interlocking-polypropylene-court-tiles',
    description:
      'Modular 30 cm x 30 cm polypropylene tiles that click together over concrete or asphalt to form a fast-draining outdoor court. UV-stabilised and available in a range of colours for court zoning. Individual tiles can be replaced if damaged, keeping maintenance costs low.',
    sportId: 12,
    categoryIds: [6, 16],
    images: [
      { title: 'Multi-colour tiled court', motif: 'flooring', hue: 0 },
      { title: 'Tile interlock detail', motif: 'flooring', hue: 10 },
      { title: 'Completed basketball court', motif: 'court', hue: 5 },
    ],
    createdDaysAgo: 190,
  },
  {
    id: 26,
    name: 'Rubber Gym Flooring Rolls',
    slug: 'rubber-gym-flooring-rolls',
    description:
      'Recycled SBR rubber flooring with EPDM colour flecks, supplied in 1.25 m wide rolls of 6 mm to 10 mm thickness. Absorbs impact from dropped weights and reduces noise in fitness rooms. Cut to size and bonded in place by our installation team.',
    sportId: 11,
    categoryIds: [6, 8],
    images: [{ title: 'Black rubber flooring with colour flecks', motif: 'flooring', hue: 0 }],
    createdDaysAgo: 300,
  },
  {
    id: 27,
    name: 'Maple Hardwood Sports Flooring',
    slug: 'maple-hardwood-sports-flooring',
    description:
      'Northern hard maple flooring on a cushioned sleeper system, finished with sports-grade polyurethane lacquer. Delivers the area-elastic performance expected by FIBA for competition basketball. Includes moisture barrier, installation, sanding and game-line painting.',
    sportId: 2,
    categoryIds: [6],
    images: [
      { title: 'Maple floor with game lines', motif: 'flooring', hue: 35 },
      { title: 'Sleeper system underlay', motif: 'flooring', hue: 40 },
    ],
    createdDaysAgo: 330,
  },
  {
    id: 28,
    name: 'Running Track Resurfacing',
    slug: 'running-track-resurfacing',
    description:
      'Resurfacing of worn polyurethane and rubber running tracks with a spray-coat or sandwich system. Lanes are re-marked to World Athletics layout after resurfacing. Our team surveys the existing track and provides a condition report before quoting.',
    sportId: 10,
    categoryIds: [5, 16, 19],
    images: [
      { title: 'Red running track lanes', motif: 'track', hue: 5 },
      { title: 'Lane re-marking', motif: 'track', hue: 10 },
    ],
    createdDaysAgo: 140,
  },
  {
    id: 29,
    name: 'Athletics Starting Blocks',
    slug: 'athletics-starting-blocks',
    description:
      'Adjustable starting blocks with an aluminium rail and steel footplates, fitted with replaceable track spikes. Footplate angle and spacing adjust quickly between athletes. Suitable for school sports days and club training.',
    sportId: 10,
    categoryIds: [8],
    images: [{ title: 'Starting blocks on a track lane', motif: 'track', hue: 15 }],
    createdDaysAgo: 350,
  },
  {
    id: 30,
    name: 'Adjustable Athletics Hurdles',
    slug: 'adjustable-athletics-hurdles',
    description:
      'Training hurdles with a steel base and wooden top bar, adjustable from 76 cm to 106.7 cm. Counterweighted to tip forward on contact, reducing injury risk. Stackable for transport on a hurdle trolley.',
    sportId: 10,
    categoryIds: [8, 14],
    images: [
      { title: 'Hurdles set up on a track', motif: 'track', hue: 0 },
      { title: 'Height adjustment', motif: 'generic', hue: 350 },
    ],
    createdDaysAgo: 365,
  },
  {
    id: 31,
    name: 'Basketball (Size 7, FIBA Approved)',
    slug: 'basketball-size-7-fiba-approved',
    description:
      'Composite leather size 7 basketball with deep channels for grip, approved by FIBA for competition play. Suitable for indoor courts and secondary school teams. Available in bulk packs for schools.',
    sportId: 2,
    categoryIds: [9],
    images: [{ title: 'Orange size 7 basketball', motif: 'ball', hue: 25 }],
    createdDaysAgo: 20,
  },
  {
    id: 32,
    name: 'Netball (Size 5, Match)',
    slug: 'netball-size-5-match',
    description:
      'Size 5 match netball with a textured rubber surface and butyl bladder for consistent bounce. Suitable for indoor and outdoor courts. Approved for school and club competitions.',
    sportId: 3,
    categoryIds: [9],
    images: [{ title: 'White and pink netball', motif: 'ball', hue: 320 }],
    createdDaysAgo: 230,
  },
  {
    id: 33,
    name: 'Football (Size 5, Match)',
    slug: 'football-size-5-match',
    description:
      'Thermally bonded size 5 match football with a 32-panel design for a true flight. Meets FIFA Quality standards for weight, circumference and rebound. Also available in sizes 3 and 4 for primary school use.',
    sportId: 1,
    categoryIds: [9],
    images: [
      { title: 'Match football', motif: 'ball', hue: 110 },
      { title: 'Panel detail', motif: 'ball', hue: 120 },
    ],
    createdDaysAgo: 80,
  },
  {
    id: 34,
    name: 'Electronic Multi-Sport Scoreboard',
    slug: 'electronic-multi-sport-scoreboard',
    description:
      'LED scoreboard with programmable modes for basketball, volleyball, netball, futsal and badminton. Shows game clock, scores, periods and team fouls, with a wireless handheld controller. Wall mounting, cabling and commissioning are carried out by our electricians.',
    sportId: 12,
    categoryIds: [10],
    images: [
      { title: 'Wall-mounted LED scoreboard', motif: 'scoreboard', hue: 230 },
      { title: 'Wireless controller', motif: 'generic', hue: 240 },
    ],
    createdDaysAgo: 110,
  },
  {
    id: 35,
    name: 'Basketball Shot Clock Set',
    slug: 'basketball-shot-clock-set',
    description:
      'Pair of 24-second shot clocks with game clock display, mountable on top of backboards or on the wall. Bright LED digits are visible from any point in the hall. Synchronised with our multi-sport scoreboard controller.',
    sportId: 2,
    categoryIds: [10, 17],
    images: [{ title: 'Shot clock above backboard', motif: 'hoop', hue: 0 }],
    createdDaysAgo: 200,
  },
  {
    id: 36,
    name: 'Aluminium Team Bench with Shelter',
    slug: 'aluminium-team-bench-with-shelter',
    description:
      'Covered team bench for eight players, with an aluminium frame and clear polycarbonate shelter. Moulded seats are UV-stabilised for outdoor use. Supplied freestanding or bolted to a concrete pad.',
    sportId: 1,
    categoryIds: [11, 16],
    images: [
      { title: 'Sheltered team bench by the pitch', motif: 'bench', hue: 110 },
      { title: 'Moulded seats', motif: 'bench', hue: 100 },
    ],
    createdDaysAgo: 270,
  },
  {
    id: 37,
    name: 'Telescopic Spectator Bleachers',
    slug: 'telescopic-spectator-bleachers',
    description:
      'Telescopic seating system that retracts against the wall when not in use, freeing the hall floor. Configurable from three to ten rows with moulded seats or timber benches. Designed, supplied and installed by our team in accordance with local building regulations.',
    sportId: 12,
    categoryIds: [11],
    images: [
      { title: 'Bleachers extended in an indoor arena', motif: 'bench', hue: 210 },
      { title: 'Retracted against the wall', motif: 'bench', hue: 220 },
      { title: 'Seat row detail', motif: 'bench', hue: 200 },
    ],
    createdDaysAgo: 380,
  },
  {
    id: 38,
    name: 'Ball Storage Trolley',
    slug: 'ball-storage-trolley',
    description:
      'Lockable steel ball cage on four swivel castors, holding up to 30 size 7 basketballs. Powder-coated mesh construction with a hinged lid and padlock hasp. Fits through standard storeroom doors.',
    sportId: 12,
    categoryIds: [12, 17, 15],
    images: [{ title: 'Mesh ball trolley', motif: 'ball', hue: 270 }],
    createdDaysAgo: 220,
  },
  {
    id: 39,
    name: 'Goalpost Safety Padding',
    slug: 'goalpost-safety-padding',
    description:
      'Wrap-around padding for football and hockey goalposts, 50 mm foam in heavy-duty PVC with hook-and-loop fastening. Reduces injury risk from collisions with uprights. Available in club colours and with printed logos.',
    sportId: 1,
    categoryIds: [13, 17],
    images: [{ title: 'Padded goalpost upright', motif: 'goalpost', hue: 90 }],
    createdDaysAgo: 250,
  },
  {
    id: 40,
    name: 'Backboard and Post Padding',
    slug: 'backboard-and-post-padding',
    description:
      'Moulded backboard edge padding and post padding for basketball units, meeting FIBA requirements for competition play. Closed-cell foam with a weatherproof cover suits indoor and outdoor installations. Fitted by our technicians during servicing visits.',
    sportId: 2,
    categoryIds: [13, 2],
    images: [
      { title: 'Padded backboard edge', motif: 'hoop', hue: 10 },
      { title: 'Post pad wrap', motif: 'generic', hue: 15 },
    ],
    createdDaysAgo: 290,
  },
  {
    id: 41,
    name: 'Wall Padding Panels',
    slug: 'wall-padding-panels',
    description:
      'Impact-absorbing wall panels, 2 m x 1.2 m with 50 mm foam on a plywood backing, covered in fire-retardant PVC. Installed behind basketball ends and along hall walls to protect players. Custom sizes cut around sockets, doors and pillars.',
    sportId: 12,
    categoryIds: [13, 15],
    images: [{ title: 'Blue wall padding in a hall', motif: 'flooring', hue: 215 }],
    createdDaysAgo: 320,
  },
  {
    id: 42,
    name: 'Tennis Posts (Square Aluminium)',
    slug: 'tennis-posts-square-aluminium',
    description:
      'Square 80 mm aluminium tennis posts with an internal winding mechanism and ground sockets. Powder-coated green finish suits acrylic and hard courts. Installed with concrete footings at the correct 12.8 m spacing.',
    sportId: 6,
    categoryIds: [7, 16],
    images: [
      { title: 'Tennis post with winder', motif: 'net', hue: 150 },
      { title: 'Court with posts installed', motif: 'court', hue: 145 },
    ],
    createdDaysAgo: 340,
  },
  {
    id: 43,
    name: 'Agility Ladder and Cone Training Set',
    slug: 'agility-ladder-and-cone-training-set',
    description:
      'Training kit with two 4 m agility ladders, 40 flat marker discs, 12 cones and 4 hurdles in a carry bag. Builds speed and footwork for PE lessons and CCA training. Durable materials for daily outdoor use.',
    sportId: 12,
    categoryIds: [8, 15],
    images: [{ title: 'Agility ladder with cones', motif: 'ladder', hue: 60 }],
    createdDaysAgo: 35,
  },
  {
    id: 44,
    name: 'Netball Training Bibs (Set of 7)',
    slug: 'netball-training-bibs-set-of-7',
    description:
      'Set of seven polyester netball bibs printed with playing positions on front and back. Elastic side straps fit primary and secondary school players. Machine washable and available in six colours.',
    sportId: 3,
    categoryIds: [17, 15],
    images: [{ title: 'Coloured position bibs', motif: 'bibs', hue: 330 }],
    createdDaysAgo: 180,
  },
  {
    id: 45,
    name: 'Court Line Marking Paint',
    slug: 'court-line-marking-paint',
    description:
      'Water-based acrylic line paint formulated for acrylic and concrete courts, with slip-resistant additive. Dries in about an hour and is UV-stable for outdoor use. Supplied in 4-litre tins in white, yellow and other standard line colours.',
    sportId: 12,
    categoryIds: [4, 17],
    images: [{ title: 'Fresh line paint on a court', motif: 'court', hue: 60 }],
    createdDaysAgo: 90,
  },
  {
    id: 46,
    name: 'Portable Badminton Court Mat',
    slug: 'portable-badminton-court-mat',
    description:
      'Roll-out PVC badminton court mat, 4.5 mm thick, with BWF court lines pre-printed. Laid directly over existing hall floors for tournaments and removed afterwards. Includes joining tape and storage cores.',
    sportId: 5,
    categoryIds: [6, 14],
    images: [
      { title: 'Green badminton court mat', motif: 'court', hue: 155 },
      { title: 'Rolled mat on storage core', motif: 'flooring', hue: 150 },
    ],
    createdDaysAgo: 310,
  },
  {
    id: 47,
    name: 'Net Post Ground Sockets and Covers',
    slug: 'net-post-ground-sockets-and-covers',
    description:
      'Galvanised steel ground sockets with hinged brass or rubber covers for volleyball, badminton and tennis posts. Covers sit flush with the floor so the hall stays safe when posts are removed. Coring and grouting by our installers.',
    sportId: 12,
    categoryIds: [7, 17],
    images: [{ title: 'Flush socket cover in a hall floor', motif: 'socket', hue: 45 }],
    createdDaysAgo: 395,
  },
  {
    id: 48,
    name: 'Ball Stop Netting (Perimeter Barrier Net)',
    slug: 'ball-stop-netting-perimeter-barrier-net',
    description:
      'Perimeter barrier netting for football fields and multi-purpose courts, in UV-stabilised knotless polyethylene on galvanised steel poles. Heights from 4 m to 12 m with top and bottom tension cables. Our team handles pole footings, erection and net tensioning.',
    sportId: 1,
    categoryIds: [3, 16],
    images: [
      { title: 'Barrier netting behind a goal', motif: 'net', hue: 125 },
      { title: 'Pole and cable fixings', motif: 'net', hue: 135 },
    ],
    createdDaysAgo: 65,
  },
  {
    id: 49,
    name: 'Court Resurfacing and Maintenance Package',
    slug: 'court-resurfacing-and-maintenance-package',
    description:
      'Annual maintenance package for outdoor courts covering pressure cleaning, crack repair, recoating of worn areas and line touch-ups. Regular maintenance extends the life of acrylic surfaces and keeps them slip-resistant. Scheduled around school holidays to minimise disruption.',
    sportId: 12,
    categoryIds: [5, 4, 19],
    images: [{ title: 'Court after resurfacing', motif: 'court', hue: 190 }],
    createdDaysAgo: 5,
  },
  {
    id: 50,
    name: 'Height-Adjustable Basketball Hoop for Primary Schools',
    slug: 'height-adjustable-basketball-hoop-primary-schools',
    description:
      'Wall-mounted basketball unit with a crank mechanism adjusting ring height from 2.6 m to 3.05 m, suited to mini-basketball and upper primary play. Fibreglass backboard and solid steel ring with an anti-whip net. Installation includes a wall structure check by our engineers.',
    sportId: 2,
    categoryIds: [2, 15],
    images: [
      { title: 'Adjustable hoop in a primary school hall', motif: 'hoop', hue: 200 },
      { title: 'Crank mechanism', motif: 'generic', hue: 195 },
    ],
    createdDaysAgo: 400,
  },
  {
    id: 51,
    name: 'Volleyball Referee Stand',
    slug: 'volleyball-referee-stand',
    description:
      'Height-adjustable referee platform with a padded base, non-slip step treads and transport wheels. Clamps to standard volleyball posts and meets FIVB requirements for competition. Folds flat for storage.',
    sportId: 4,
    categoryIds: [17, 14],
    images: [{ title: 'Referee stand beside a volleyball post', motif: 'net', hue: 50 }],
    createdDaysAgo: 245,
  },
  {
    id: 52,
    name: 'Outdoor Basketball Post and Backboard (Ground Mounted)',
    slug: 'outdoor-basketball-post-and-backboard-ground-mounted',
    description:
      'Ground-mounted basketball system with a 150 mm square galvanised steel post, 1.2 m overhang and weatherproof fibreglass backboard. Designed for open-air school courts and HDB estate courts exposed to sun and rain. Concrete foundation, installation and post padding are included.',
    sportId: 2,
    categoryIds: [2, 16],
    images: [
      { title: 'Outdoor hoop on an acrylic court', motif: 'hoop', hue: 190 },
      { title: 'Galvanised post base', motif: 'generic', hue: 180 },
      { title: 'Court view', motif: 'court', hue: 185 },
    ],
    createdDaysAgo: 48,
  },
  {
    id: 53,
    name: 'Standing Broad Jump Floor Marking',
    slug: 'standing-broad-jump-floor-marking',
    description:
      'Permanent standing broad jump lane marked directly on a hall floor or covered court: a take-off line and a measuring scale from 0.6 m to 3.0 m with 1 cm graduations, laid in durable vinyl tape or painted in polyurethane line paint. Nothing to set out or roll up on test day, and the lane sits alongside existing court lines. Marked by our line-marking crew, usually within a morning.',
    sportId: 11,
    categoryIds: [18, 4, 15],
    images: [
      { title: 'Broad jump scale marked on a hall floor', motif: 'floor-marking', hue: 35 },
      { title: 'Take-off line and centimetre graduations', motif: 'floor-marking', hue: 200 },
    ],
    createdDaysAgo: 405,
  },
  {
    id: 54,
    name: 'Digital Stopwatch Set with Printer',
    slug: 'digital-stopwatch-set-with-printer',
    description:
      'Professional digital stopwatches accurate to 1/100 s with lap and split memory, paired with a thermal printer that prints each timing with its lane and attempt number. Printed slips give the shuttle run and 2.4 km run results a paper record for the NAPFA score sheet. Supplied in a set of ten stopwatches with one printer, spare paper rolls and a carry case.',
    sportId: 11,
    categoryIds: [18, 8, 17],
    images: [
      { title: 'Stopwatch with timing printer', motif: 'stopwatch', hue: 210 },
      { title: 'Printed timing slip', motif: 'stopwatch', hue: 190 },
    ],
    createdDaysAgo: 410,
  },
  {
    id: 55,
    name: 'Gym Mat Trolley',
    slug: 'gym-mat-trolley',
    description:
      'Powder-coated steel trolley that carries up to 20 folded sit-up or gym mats flat, on four lockable swivel castors. Moves a whole NAPFA sit-up station from the storeroom to the hall in one trip and keeps mats off the floor between lessons. Fits through standard single doors.',
    sportId: 11,
    categoryIds: [18, 12, 15],
    images: [{ title: 'Mat trolley loaded with folded mats', motif: 'trolley', hue: 220 }],
    createdDaysAgo: 415,
  },
  {
    id: 56,
    name: 'Customised NAPFA Equipment',
    slug: 'customised-napfa-equipment',
    description:
      'NAPFA stations made to your site: sit-and-reach boxes and jump mats printed with your school name and colours, pull-up and inclined pull-up stations built to fit an existing wall or footing, storage racks for a whole test set, and station signage. Tell us what you need; we measure, design and quote, then fabricate and install.',
    sportId: 11,
    categoryIds: [18, 15, 19],
    images: [{ title: 'Station made to measure in school colours', motif: 'custom', hue: 280 }],
    createdDaysAgo: 420,
  },
  {
    id: 57,
    name: 'Referee Whistles (Pack of 12)',
    slug: 'referee-whistles-pack-of-12',
    description:
      'Pealess plastic whistles with a loud, clear 115 dB tone that carries across a field or a noisy hall, each on a breakaway lanyard. Used to start runs and signal changes of station on test day. Pack of 12 in assorted colours.',
    sportId: 11,
    categoryIds: [18, 17],
    images: [{ title: 'Whistles on lanyards', motif: 'whistle', hue: 50 }],
    createdDaysAgo: 425,
  },
  {
    id: 58,
    name: 'Participant Number Tags (Set of 100)',
    slug: 'participant-number-tags-set-of-100',
    description:
      'Numbered tags from 1 to 100 in tear-resistant synthetic paper, with elastic loops or safety pins, so every pupil can be identified at each station and on the 2.4 km run. Large black numerals read easily from a distance; sets in other ranges and colours on request.',
    sportId: 11,
    categoryIds: [18, 17, 15],
    images: [{ title: 'Numbered participant tags', motif: 'tags', hue: 15 }],
    createdDaysAgo: 430,
  },
];
