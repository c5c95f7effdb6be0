import sharp from 'sharp';
import type { DemoImage, DemoMotif } from '../../content/demo-catalogue';

// Renders flat SVG illustrations for the demo catalogue and converts them to
// JPEG with sharp. No network access and no fonts beyond generic sans-serif.

const SIZE = 800;

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function normaliseHue(hue: number): number {
  if (!Number.isFinite(hue)) return 0;
  return ((Math.round(hue) % 360) + 360) % 360;
}

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

/** Splits text into at most `maxLines` lines of roughly `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > width && current) {
      lines.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = truncate(
      `${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`,
      width,
    );
    return kept;
  }
  return lines;
}

function gridLines(
  x: number,
  y: number,
  w: number,
  h: number,
  step: number,
  attrs: string,
): string {
  let out = '';
  for (let gx = x + step; gx < x + w; gx += step)
    out += `<line x1="${gx}" y1="${y}" x2="${gx}" y2="${y + h}" ${attrs}/>`;
  for (let gy = y + step; gy < y + h; gy += step)
    out += `<line x1="${x}" y1="${gy}" x2="${x + w}" y2="${gy}" ${attrs}/>`;
  return out;
}

function drawGoalpost(): string {
  const mesh = gridLines(
    170,
    250,
    460,
    250,
    30,
    'stroke="#ffffff" stroke-opacity="0.45" stroke-width="2"',
  );
  return `
    <defs><linearGradient id="pitch" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#4caf50"/><stop offset="1" stop-color="#2e7d32"/>
    </linearGradient></defs>
    <rect x="0" y="500" width="${SIZE}" height="300" fill="url(#pitch)"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${i * 160}" y="500" width="80" height="300" fill="#ffffff" fill-opacity="0.06"/>`).join('')}
    <rect x="170" y="250" width="460" height="250" fill="#ffffff" fill-opacity="0.08"/>
    ${mesh}
    <rect x="150" y="230" width="22" height="272" rx="4" fill="#ffffff"/>
    <rect x="628" y="230" width="22" height="272" rx="4" fill="#ffffff"/>
    <rect x="150" y="230" width="500" height="22" rx="4" fill="#ffffff"/>
    <line x1="60" y1="560" x2="740" y2="560" stroke="#ffffff" stroke-width="5" stroke-opacity="0.9"/>
    <circle cx="560" cy="620" r="28" fill="#ffffff"/>
    <path d="M548 604 l12 -6 12 6 -4 14 h-16z" fill="#333"/>`;
}

function drawHoop(): string {
  let netLines = '';
  for (let i = 0; i <= 6; i++) {
    const top = 300 + i * 33.3;
    const bottom = 330 + i * 23.3;
    netLines += `<line x1="${top}" y1="465" x2="${bottom}" y2="580" stroke="#ffffff" stroke-width="3" stroke-opacity="0.85"/>`;
  }
  netLines += `<path d="M305 500 H495 M315 540 H485" stroke="#ffffff" stroke-width="3" stroke-opacity="0.7" fill="none"/>`;
  return `
    <rect x="0" y="660" width="${SIZE}" height="140" fill="#000000" fill-opacity="0.12"/>
    <rect x="380" y="80" width="40" height="110" fill="#5f6b73"/>
    <rect x="190" y="150" width="420" height="260" rx="10" fill="#ffffff" stroke="#37474f" stroke-width="8"/>
    <rect x="320" y="260" width="160" height="120" fill="none" stroke="#e53935" stroke-width="9"/>
    <rect x="385" y="410" width="30" height="40" fill="#e65100"/>
    <ellipse cx="400" cy="462" rx="105" ry="20" fill="none" stroke="#ff6d00" stroke-width="12"/>
    ${netLines}
    <circle cx="610" cy="610" r="70" fill="#ef6c00"/>
    <path d="M540 610 H680 M610 540 V680 M560 560 Q610 610 560 660 M660 560 Q610 610 660 660" stroke="#3e2723" stroke-width="5" fill="none"/>`;
}

function drawNet(): string {
  const mesh = gridLines(
    150,
    270,
    500,
    190,
    22,
    'stroke="#263238" stroke-opacity="0.75" stroke-width="2"',
  );
  return `
    <rect x="0" y="600" width="${SIZE}" height="200" fill="#000000" fill-opacity="0.15"/>
    <rect x="150" y="270" width="500" height="190" fill="#ffffff" fill-opacity="0.12"/>
    ${mesh}
    <rect x="150" y="258" width="500" height="22" fill="#ffffff"/>
    <rect x="150" y="455" width="500" height="10" fill="#ffffff" fill-opacity="0.9"/>
    <rect x="120" y="220" width="26" height="400" rx="6" fill="#eceff1" stroke="#455a64" stroke-width="4"/>
    <rect x="654" y="220" width="26" height="400" rx="6" fill="#eceff1" stroke="#455a64" stroke-width="4"/>
    <rect x="100" y="610" width="66" height="14" rx="4" fill="#455a64"/>
    <rect x="634" y="610" width="66" height="14" rx="4" fill="#455a64"/>
    <circle cx="520" cy="170" r="40" fill="#fff59d" stroke="#f9a825" stroke-width="5"/>
    <path d="M490 150 Q520 175 552 150 M488 190 Q520 165 552 190" stroke="#f9a825" stroke-width="4" fill="none"/>`;
}

function drawCourt(hue: number): string {
  const surface = `hsl(${(hue + 180) % 360}, 45%, 42%)`;
  const inner = `hsl(${(hue + 180) % 360}, 50%, 52%)`;
  return `
    <rect x="90" y="120" width="620" height="540" rx="8" fill="${surface}"/>
    <rect x="130" y="160" width="540" height="460" fill="${inner}"/>
    <g fill="none" stroke="#ffffff" stroke-width="6">
      <rect x="130" y="160" width="540" height="460"/>
      <line x1="400" y1="160" x2="400" y2="620"/>
      <circle cx="400" cy="390" r="60"/>
      <rect x="130" y="320" width="120" height="140"/>
      <rect x="550" y="320" width="120" height="140"/>
      <path d="M130 230 A190 190 0 0 1 130 550"/>
      <path d="M670 230 A190 190 0 0 0 670 550"/>
    </g>
    <g stroke="#ffeb3b" stroke-width="4" stroke-dasharray="14 10" fill="none" opacity="0.9">
      <rect x="175" y="200" width="450" height="380"/>
    </g>`;
}

function drawBall(hue: number): string {
  const colour = `hsl(${(hue + 20) % 360}, 80%, 55%)`;
  return `
    <ellipse cx="400" cy="640" rx="200" ry="28" fill="#000000" fill-opacity="0.2"/>
    <circle cx="400" cy="380" r="220" fill="${colour}" stroke="#263238" stroke-width="8"/>
    <g fill="none" stroke="#263238" stroke-width="8">
      <line x1="180" y1="380" x2="620" y2="380"/>
      <line x1="400" y1="160" x2="400" y2="600"/>
      <path d="M245 225 Q330 380 245 535"/>
      <path d="M555 225 Q470 380 555 535"/>
    </g>
    <circle cx="320" cy="280" r="50" fill="#ffffff" fill-opacity="0.25"/>`;
}

function drawFlooring(hue: number): string {
  let planks = '';
  const rows = 10;
  const rowH = 56;
  for (let r = 0; r < rows; r++) {
    const y = 110 + r * rowH;
    const offset = (r % 3) * 70;
    for (let x = -offset; x < 700; x += 210) {
      const light = 48 + ((r * 7 + Math.abs(x)) % 5) * 3;
      const left = Math.max(100, 100 + x);
      const right = Math.min(700, 100 + x + 210);
      if (right <= left) continue;
      planks += `<rect x="${left}" y="${y}" width="${right - left}" height="${rowH}" fill="hsl(${(hue + 30) % 360}, 45%, ${light}%)" stroke="#3e2723" stroke-opacity="0.35" stroke-width="2"/>`;
    }
  }
  return `
    <rect x="92" y="102" width="616" height="${rows * rowH + 16}" rx="6" fill="#3e2723" fill-opacity="0.35"/>
    ${planks}
    <line x1="100" y1="390" x2="700" y2="390" stroke="#ffffff" stroke-width="6"/>
    <path d="M100 250 A140 140 0 0 1 100 530" stroke="#ffffff" stroke-width="6" fill="none"/>
    <rect x="100" y="110" width="600" height="280" fill="#ffffff" fill-opacity="0.08"/>`;
}

function drawNapfa(): string {
  let ticks = '';
  for (let i = 0; i <= 12; i++) {
    const x = 130 + i * 40;
    ticks += `<line x1="${x}" y1="600" x2="${x}" y2="${i % 2 === 0 ? 630 : 618}" stroke="#263238" stroke-width="3"/>`;
  }
  return `
    <rect x="0" y="560" width="${SIZE}" height="240" fill="#000000" fill-opacity="0.12"/>
    <!-- pull-up bar -->
    <rect x="470" y="130" width="18" height="440" fill="#455a64"/>
    <rect x="690" y="130" width="18" height="440" fill="#455a64"/>
    <rect x="460" y="150" width="258" height="14" rx="7" fill="#cfd8dc" stroke="#37474f" stroke-width="3"/>
    <rect x="460" y="330" width="258" height="14" rx="7" fill="#cfd8dc" stroke="#37474f" stroke-width="3"/>
    <!-- sit-and-reach box -->
    <rect x="110" y="380" width="230" height="180" fill="#d7a86e" stroke="#5d4037" stroke-width="6"/>
    <rect x="90" y="360" width="290" height="26" fill="#f5deb3" stroke="#5d4037" stroke-width="5"/>
    <rect x="300" y="340" width="30" height="22" fill="#e53935"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${110 + i * 50}" y1="360" x2="${110 + i * 50}" y2="374" stroke="#5d4037" stroke-width="3"/>`).join('')}
    <!-- broad jump mat -->
    <rect x="110" y="590" width="560" height="60" rx="6" fill="#1e88e5" stroke="#0d47a1" stroke-width="4"/>
    <rect x="110" y="590" width="20" height="60" fill="#ffffff"/>
    ${ticks}
    <!-- shuttle blocks -->
    <rect x="560" y="500" width="44" height="44" fill="#8d6e63" stroke="#4e342e" stroke-width="4"/>
    <rect x="620" y="500" width="44" height="44" fill="#8d6e63" stroke="#4e342e" stroke-width="4"/>`;
}

function drawBench(): string {
  return `
    <rect x="0" y="600" width="${SIZE}" height="200" fill="#000000" fill-opacity="0.15"/>
    <path d="M100 200 L700 200 L660 260 L140 260 Z" fill="#ffffff" fill-opacity="0.35"/>
    <rect x="130" y="260" width="14" height="340" fill="#b0bec5"/>
    <rect x="656" y="260" width="14" height="340" fill="#b0bec5"/>
    <rect x="160" y="330" width="480" height="40" rx="8" fill="#1565c0"/>
    <rect x="160" y="380" width="480" height="40" rx="8" fill="#1976d2"/>
    <rect x="140" y="450" width="520" height="40" rx="8" fill="#1e88e5"/>
    <rect x="170" y="490" width="22" height="110" fill="#546e7a"/>
    <rect x="608" y="490" width="22" height="110" fill="#546e7a"/>
    <rect x="390" y="490" width="22" height="110" fill="#546e7a"/>
    <rect x="150" y="420" width="500" height="30" fill="#546e7a"/>`;
}

function drawTrack(): string {
  let lanes = '';
  for (let i = 0; i <= 6; i++) {
    const r = 160 + i * 40;
    lanes += `<path d="M${400 - r} 700 A${r} ${r} 0 0 1 ${400 + r} 700" fill="none" stroke="#ffffff" stroke-width="5"/>`;
  }
  let numbers = '';
  for (let i = 0; i < 6; i++) {
    const r = 180 + i * 40;
    numbers += `<text x="${400 - r}" y="690" font-family="sans-serif" font-size="30" font-weight="700" fill="#ffffff" text-anchor="middle">${i + 1}</text>`;
  }
  return `
    <rect x="0" y="700" width="800" height="100" fill="#c62828"/>
    <path d="M0 700 A400 400 0 0 1 800 700 Z" fill="#c62828"/>
    <path d="M240 700 A160 160 0 0 1 560 700 Z" fill="#43a047"/>
    <rect x="240" y="700" width="320" height="100" fill="#43a047"/>
    ${lanes}
    ${numbers}
    <g transform="translate(600 110)">
      <rect x="-10" y="0" width="160" height="20" fill="#ffffff"/>
      <rect x="0" y="20" width="12" height="90" fill="#ffffff"/>
      <rect x="128" y="20" width="12" height="90" fill="#ffffff"/>
    </g>`;
}

function drawGeneric(hue: number): string {
  const a = `hsl(${(hue + 40) % 360}, 70%, 60%)`;
  const b = `hsl(${(hue + 200) % 360}, 60%, 50%)`;
  return `
    <rect x="170" y="170" width="300" height="300" rx="40" fill="${a}" stroke="#ffffff" stroke-width="8"/>
    <circle cx="500" cy="440" r="160" fill="${b}" fill-opacity="0.9" stroke="#ffffff" stroke-width="8"/>
    <path d="M230 620 L330 470 L430 620 Z" fill="#ffffff" fill-opacity="0.85"/>`;
}

function drawMotif(motif: DemoMotif, hue: number): string {
  switch (motif) {
    case 'goalpost':
      return drawGoalpost();
    case 'hoop':
      return drawHoop();
    case 'net':
      return drawNet();
    case 'court':
      return drawCourt(hue);
    case 'ball':
      return drawBall(hue);
    case 'flooring':
      return drawFlooring(hue);
    case 'napfa':
      return drawNapfa();
    case 'bench':
      return drawBench();
    case 'track':
      return drawTrack();
    default:
      return drawGeneric(hue);
  }
}

/**
 * Renders a demo product picture as an 800x800 JPEG buffer (quality ~80) from an SVG drawing, with
 * no text in it: the page around a picture names the product (a caption drawn into the picture
 * showed twice on promo cards and under the hero's controls). No network.
 */
export async function renderDemoImage(image: DemoImage): Promise<Buffer> {
  const hue = normaliseHue(image.hue);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 60%, 72%)"/>
      <stop offset="1" stop-color="hsl(${hue}, 50%, 48%)"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <circle cx="680" cy="110" r="180" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="90" cy="720" r="150" fill="#ffffff" fill-opacity="0.07"/>
  ${drawMotif(image.motif, hue)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Renders a wide banner (1600x600 JPEG) for the home carousel and listing banner. */
export async function renderDemoBanner(title: string, hue: number): Promise<Buffer> {
  const h = normaliseHue(hue);
  const lines = wrap(title, 22, 3).map(escapeXml);
  const fontSize = 70;
  const lineHeight = 86;
  const startY = 300 - ((lines.length - 1) * lineHeight) / 2 + fontSize / 3;
  const text = lines
    .map((line, i) => `<tspan x="110" y="${startY + i * lineHeight}">${line}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${h}, 65%, 38%)"/>
      <stop offset="1" stop-color="hsl(${(h + 35) % 360}, 60%, 22%)"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="600" fill="url(#bg)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="8">
    <rect x="940" y="60" width="600" height="480"/>
    <line x1="1240" y1="60" x2="1240" y2="540"/>
    <circle cx="1240" cy="300" r="90"/>
    <path d="M940 140 A180 180 0 0 1 940 460"/>
    <path d="M1540 140 A180 180 0 0 0 1540 460"/>
  </g>
  <circle cx="1380" cy="120" r="200" fill="hsl(${(h + 180) % 360}, 70%, 60%)" fill-opacity="0.18"/>
  <rect x="110" y="${startY - fontSize - 40}" width="120" height="10" rx="5" fill="hsl(${(h + 180) % 360}, 80%, 62%)"/>
  <text font-family="sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
