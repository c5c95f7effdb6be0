import sharp from 'sharp';
import type { DemoImage, DemoMotif } from '../../content/demo-catalogue';
import type { SceneKind } from '../../content/pictures';

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

function drawSitReach(): string {
  let scale = '';
  for (let i = 0; i <= 10; i++)
    scale += `<line x1="${170 + i * 46}" y1="300" x2="${170 + i * 46}" y2="${i % 5 === 0 ? 336 : 322}" stroke="#5d4037" stroke-width="4"/>`;
  return `
    <ellipse cx="400" cy="640" rx="320" ry="26" fill="#000000" fill-opacity="0.15"/>
    <rect x="170" y="330" width="360" height="300" fill="#d7a86e" stroke="#5d4037" stroke-width="8"/>
    <rect x="130" y="294" width="560" height="44" fill="#f5deb3" stroke="#5d4037" stroke-width="6"/>
    ${scale}
    <rect x="520" y="258" width="56" height="40" rx="6" fill="#e53935" stroke="#b71c1c" stroke-width="4"/>
    <path d="M548 250 V200 M520 222 l28 -28 28 28" stroke="#ffffff" stroke-width="8" fill="none" transform="rotate(90 548 225)"/>
    <rect x="210" y="380" width="110" height="200" fill="#c69255" stroke="#5d4037" stroke-width="4"/>`;
}

function drawInclineBar(): string {
  return `
    <rect x="0" y="600" width="${SIZE}" height="200" fill="#000000" fill-opacity="0.12"/>
    <rect x="170" y="300" width="26" height="310" fill="#455a64"/>
    <rect x="604" y="300" width="26" height="310" fill="#455a64"/>
    ${[360, 410, 460].map((y) => `<circle cx="183" cy="${y}" r="7" fill="#cfd8dc"/><circle cx="617" cy="${y}" r="7" fill="#cfd8dc"/>`).join('')}
    <rect x="160" y="400" width="480" height="22" rx="11" fill="#cfd8dc" stroke="#37474f" stroke-width="4"/>
    <rect x="130" y="600" width="96" height="24" rx="6" fill="#37474f"/>
    <rect x="574" y="600" width="96" height="24" rx="6" fill="#37474f"/>
    <g stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round">
      <path d="M700 330 V470"/><path d="M680 350 l20 -20 20 20"/><path d="M680 450 l20 20 20 -20"/>
    </g>
    <text x="700" y="520" font-family="sans-serif" font-size="30" font-weight="700" fill="#ffffff" text-anchor="middle">90–110</text>`;
}

function drawJumpMat(): string {
  let ticks = '';
  for (let i = 0; i <= 26; i++) {
    const x = 150 + i * 20;
    const long = i % 5 === 0;
    ticks += `<line x1="${x}" y1="330" x2="${x}" y2="${long ? 380 : 360}" stroke="#ffffff" stroke-width="${long ? 5 : 3}"/>`;
  }
  return `
    <ellipse cx="400" cy="520" rx="340" ry="24" fill="#000000" fill-opacity="0.15"/>
    <rect x="70" y="300" width="660" height="200" rx="14" fill="#1e88e5" stroke="#0d47a1" stroke-width="6"/>
    <rect x="100" y="300" width="26" height="200" fill="#ffffff"/>
    ${ticks}
    <line x1="150" y1="450" x2="690" y2="450" stroke="#ffffff" stroke-width="3" stroke-dasharray="16 10"/>`;
}

function drawShuttle(): string {
  const block = (x: number, y: number) =>
    `<g transform="translate(${x} ${y})"><rect x="0" y="0" width="70" height="70" fill="#a1887f" stroke="#4e342e" stroke-width="5"/><path d="M0 0 l22 -18 h70 l-22 18z" fill="#bcaaa4" stroke="#4e342e" stroke-width="4"/><path d="M70 0 l22 -18 v70 l-22 18z" fill="#8d6e63" stroke="#4e342e" stroke-width="4"/></g>`;
  return `
    <rect x="60" y="420" width="680" height="230" rx="10" fill="#2e7d32" stroke="#1b5e20" stroke-width="5"/>
    <line x1="140" y1="420" x2="140" y2="650" stroke="#ffffff" stroke-width="8"/>
    <line x1="660" y1="420" x2="660" y2="650" stroke="#ffffff" stroke-width="8"/>
    <circle cx="100" cy="535" r="30" fill="none" stroke="#ffffff" stroke-width="4"/>
    <circle cx="700" cy="535" r="30" fill="none" stroke="#ffffff" stroke-width="4"/>
    <text x="400" y="560" font-family="sans-serif" font-size="44" font-weight="800" fill="#ffffff" text-anchor="middle">10 m</text>
    <path d="M200 520 H600 M580 505 l20 15 -20 15" stroke="#ffffff" stroke-width="5" fill="none"/>
    ${block(230, 250)}${block(350, 250)}${block(470, 250)}`;
}

function drawMats(): string {
  const unfolded = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${90 + i * 155}" y="520" width="150" height="110" rx="8" fill="hsl(215, 70%, ${48 + (i % 2) * 6}%)" stroke="#0d47a1" stroke-width="4"/>`,
    )
    .join('');
  const folded = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="250" y="${380 - i * 42}" width="300" height="40" rx="10" fill="hsl(215, 70%, ${46 + (i % 2) * 7}%)" stroke="#0d47a1" stroke-width="4"/>`,
    )
    .join('');
  return `
    <ellipse cx="400" cy="650" rx="330" ry="22" fill="#000000" fill-opacity="0.15"/>
    ${unfolded}
    <ellipse cx="400" cy="425" rx="170" ry="14" fill="#000000" fill-opacity="0.15"/>
    ${folded}`;
}

function drawFloorMarking(): string {
  let ticks = '';
  for (let i = 0; i <= 24; i++) {
    const y = 640 - i * 20;
    const long = i % 5 === 0;
    ticks += `<line x1="400" y1="${y}" x2="${long ? 470 : 440}" y2="${y}" stroke="#ffffff" stroke-width="${long ? 5 : 3}"/>`;
    if (long && i > 0)
      ticks += `<text x="490" y="${y + 10}" font-family="sans-serif" font-size="26" font-weight="700" fill="#ffffff">${(0.6 + i * 0.1).toFixed(1)}</text>`;
  }
  return `
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${100 + i * 75}" y="110" width="75" height="580" fill="hsl(34, 55%, ${50 + (i % 3) * 4}%)" stroke="#5d4037" stroke-opacity="0.3" stroke-width="2"/>`).join('')}
    <rect x="330" y="150" width="240" height="520" fill="#0d47a1" fill-opacity="0.25"/>
    <rect x="330" y="650" width="240" height="14" fill="#ffffff"/>
    <line x1="400" y1="160" x2="400" y2="660" stroke="#ffffff" stroke-width="5"/>
    ${ticks}
    <path d="M250 620 q-30 -10 -30 -40 l0 -30 q0 -15 15 -15 l40 0 q15 0 15 15 l0 60 z" fill="#263238" fill-opacity="0.55"/>
    <path d="M140 190 L300 190 M140 230 L260 230" stroke="#ffeb3b" stroke-width="6" opacity="0.8"/>`;
}

function drawStopwatch(): string {
  let ticks = '';
  for (let i = 0; i < 60; i += 5) {
    const a = (i / 60) * Math.PI * 2;
    const x1 = 330 + Math.sin(a) * 150;
    const y1 = 420 - Math.cos(a) * 150;
    const x2 = 330 + Math.sin(a) * 130;
    const y2 = 420 - Math.cos(a) * 130;
    ticks += `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#263238" stroke-width="5"/>`;
  }
  return `
    <ellipse cx="400" cy="680" rx="300" ry="30" fill="#000000" fill-opacity="0.18"/>
    <rect x="305" y="160" width="50" height="60" rx="8" fill="#455a64"/>
    <rect x="240" y="200" width="36" height="36" rx="6" fill="#455a64" transform="rotate(-35 258 218)"/>
    <circle cx="330" cy="420" r="200" fill="#eceff1" stroke="#263238" stroke-width="14"/>
    <circle cx="330" cy="420" r="165" fill="#ffffff"/>
    ${ticks}
    <rect x="240" y="330" width="180" height="70" rx="8" fill="#263238"/>
    <text x="330" y="380" font-family="monospace" font-size="46" font-weight="700" fill="#76ff03" text-anchor="middle">10.42</text>
    <line x1="330" y1="420" x2="420" y2="500" stroke="#e53935" stroke-width="6" stroke-linecap="round"/>
    <circle cx="330" cy="420" r="10" fill="#e53935"/>
    <rect x="530" y="430" width="200" height="170" rx="16" fill="#37474f"/>
    <rect x="560" y="450" width="140" height="16" rx="4" fill="#263238"/>
    <path d="M570 458 L690 458 L690 330 Q690 320 680 320 L580 320 Q570 320 570 330 Z" fill="#ffffff"/>
    <path d="M585 345 H675 M585 370 H660 M585 395 H670 M585 420 H650" stroke="#546e7a" stroke-width="6"/>
    <circle cx="700" cy="560" r="10" fill="#76ff03"/>`;
}

function drawTrolley(): string {
  const mats = [0, 1, 2, 3, 4, 5, 6]
    .map(
      (i) =>
        `<rect x="190" y="${470 - i * 38}" width="420" height="34" rx="10" fill="hsl(${210 + (i % 2) * 10}, 70%, ${45 + (i % 3) * 5}%)" stroke="#0d47a1" stroke-width="3"/>`,
    )
    .join('');
  return `
    <rect x="0" y="640" width="${SIZE}" height="160" fill="#000000" fill-opacity="0.12"/>
    ${mats}
    <rect x="160" y="508" width="480" height="22" rx="4" fill="#607d8b"/>
    <rect x="160" y="200" width="18" height="330" fill="#607d8b"/>
    <rect x="622" y="200" width="18" height="330" fill="#607d8b"/>
    <rect x="150" y="190" width="40" height="16" rx="6" fill="#455a64"/>
    <rect x="610" y="190" width="40" height="16" rx="6" fill="#455a64"/>
    <rect x="190" y="530" width="14" height="70" fill="#607d8b"/>
    <rect x="596" y="530" width="14" height="70" fill="#607d8b"/>
    ${[197, 603].map((x) => `<circle cx="${x}" cy="620" r="26" fill="#263238"/><circle cx="${x}" cy="620" r="10" fill="#b0bec5"/>`).join('')}`;
}

function drawCustom(hue: number): string {
  const colour = `hsl(${(hue + 180) % 360}, 65%, 45%)`;
  return `
    <rect x="0" y="600" width="${SIZE}" height="200" fill="#000000" fill-opacity="0.12"/>
    <rect x="140" y="330" width="300" height="250" fill="${colour}" stroke="#263238" stroke-width="6"/>
    <rect x="120" y="310" width="340" height="30" fill="#fafafa" stroke="#263238" stroke-width="5"/>
    <circle cx="290" cy="455" r="62" fill="#ffffff"/>
    <path d="M290 405 l16 34 37 4 -28 25 8 36 -33 -19 -33 19 8 -36 -28 -25 37 -4z" fill="${colour}"/>
    <g stroke="#263238" stroke-width="5" fill="none">
      <path d="M520 590 V250 H700 V590"/>
      <path d="M520 330 H700"/>
    </g>
    <g stroke="#ffffff" stroke-width="4" stroke-dasharray="12 10" fill="none">
      <path d="M500 230 H720"/>
      <path d="M500 220 V240 M720 220 V240"/>
    </g>
    <text x="610" y="212" font-family="sans-serif" font-size="28" font-weight="700" fill="#ffffff" text-anchor="middle">made to fit</text>`;
}

function drawWhistle(): string {
  const whistle = (x: number, y: number, rot: number, colour: string) => `
    <g transform="translate(${x} ${y}) rotate(${rot})">
      <circle cx="0" cy="0" r="70" fill="${colour}" stroke="#263238" stroke-width="6"/>
      <rect x="-10" y="-70" width="170" height="60" rx="10" fill="${colour}" stroke="#263238" stroke-width="6"/>
      <rect x="60" y="-70" width="34" height="22" fill="#263238"/>
      <circle cx="0" cy="0" r="24" fill="#263238" fill-opacity="0.35"/>
    </g>`;
  return `
    <ellipse cx="400" cy="650" rx="300" ry="30" fill="#000000" fill-opacity="0.15"/>
    <path d="M120 140 C 200 420, 320 480, 300 400" stroke="#e53935" stroke-width="10" fill="none"/>
    <path d="M640 120 C 600 380, 520 520, 500 520" stroke="#1e88e5" stroke-width="10" fill="none"/>
    ${whistle(290, 440, -10, '#ffca28')}
    ${whistle(470, 540, 15, '#ef5350')}
    ${whistle(560, 330, -30, '#42a5f5')}`;
}

function drawTags(): string {
  const tag = (x: number, y: number, n: number, rot: number) => `
    <g transform="translate(${x} ${y}) rotate(${rot})">
      <rect x="-130" y="-90" width="260" height="180" rx="14" fill="#ffffff" stroke="#263238" stroke-width="5"/>
      <circle cx="-105" cy="-65" r="9" fill="#90a4ae"/><circle cx="105" cy="-65" r="9" fill="#90a4ae"/>
      <circle cx="-105" cy="65" r="9" fill="#90a4ae"/><circle cx="105" cy="65" r="9" fill="#90a4ae"/>
      <text x="0" y="38" font-family="sans-serif" font-size="110" font-weight="800" fill="#212121" text-anchor="middle">${n}</text>
    </g>`;
  return `
    ${tag(280, 300, 17, -8)}
    ${tag(520, 350, 42, 6)}
    ${tag(380, 540, 8, -2)}`;
}

function drawScoreboard(): string {
  // Seven-segment style digits drawn as bars (no fonts): HOME 72, GUEST 68, the clock between.
  const digit = (x: number, y: number, on: string) => {
    const seg: Record<string, string> = {
      a: `M${x + 6} ${y} h36`,
      b: `M${x + 46} ${y + 6} v32`,
      c: `M${x + 46} ${y + 48} v32`,
      d: `M${x + 6} ${y + 86} h36`,
      e: `M${x} ${y + 48} v32`,
      f: `M${x} ${y + 6} v32`,
      g: `M${x + 6} ${y + 43} h36`,
    };
    return `<path d="${[...on].map((s) => seg[s]).join(' ')}" stroke="#ff5252" stroke-width="10" stroke-linecap="round"/>`;
  };
  const DIGITS: Record<string, string> = {
    '0': 'abcdef',
    '1': 'bc',
    '2': 'abdeg',
    '3': 'abcdg',
    '4': 'bcfg',
    '5': 'acdfg',
    '6': 'acdefg',
    '7': 'abc',
    '8': 'abcdefg',
    '9': 'abcdfg',
  };
  const number = (x: number, y: number, text: string) =>
    [...text].map((ch, i) => digit(x + i * 64, y, DIGITS[ch]!)).join('');
  return `
    <rect x="70" y="170" width="660" height="400" rx="24" fill="#1c2329" stroke="#90a4ae" stroke-width="10"/>
    <rect x="110" y="210" width="240" height="24" rx="6" fill="#42a5f5"/>
    <rect x="450" y="210" width="240" height="24" rx="6" fill="#ffca28"/>
    ${number(160, 270, '72')}
    ${number(510, 270, '68')}
    <g transform="scale(0.6)">${number(560, 720, '1042').replace(/#ff5252/g, '#76ff03')}</g>
    <circle cx="400" cy="300" r="10" fill="#ff5252"/><circle cx="400" cy="340" r="10" fill="#ff5252"/>
    <path d="M130 520 h100 M570 520 h100" stroke="#ffca28" stroke-width="12" stroke-linecap="round"/>
    <rect x="330" y="570" width="20" height="90" fill="#90a4ae"/><rect x="450" y="570" width="20" height="90" fill="#90a4ae"/>
    <ellipse cx="400" cy="690" rx="280" ry="24" fill="#000000" fill-opacity="0.15"/>`;
}

function drawLadder(): string {
  let rungs = '';
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    const y = 700 - t * 520;
    const half = 150 - t * 80;
    rungs += `<line x1="${400 - half}" y1="${y}" x2="${400 + half}" y2="${y}" stroke="#ffeb3b" stroke-width="${14 - t * 6}" stroke-linecap="round"/>`;
  }
  const cone = (x: number, y: number, s: number) => `
    <g transform="translate(${x} ${y}) scale(${s})">
      <path d="M-40 0 L0 -110 L40 0 Z" fill="#ff6d00"/>
      <path d="M-27 -35 L27 -35 L20 -55 L-20 -55 Z" fill="#ffffff"/>
      <rect x="-55" y="-8" width="110" height="16" rx="6" fill="#e65100"/>
    </g>`;
  return `
    <path d="M250 700 L320 180 M550 700 L480 180" stroke="#263238" stroke-width="8" fill="none"/>
    ${rungs}
    ${cone(140, 660, 1.1)}${cone(660, 640, 1)}${cone(180, 400, 0.7)}${cone(630, 380, 0.65)}
    <ellipse cx="300" cy="740" rx="40" ry="10" fill="#2979ff"/><ellipse cx="520" cy="745" rx="40" ry="10" fill="#f50057"/>`;
}

function drawBibs(): string {
  // Bibs printed with netball positions, drawn as bars (no fonts): the shapes of GS, C and GK.
  const bib = (x: number, y: number, colour: string, rot: number, mark: string) => `
    <g transform="translate(${x} ${y}) rotate(${rot})">
      <path d="M-110 -150 Q-60 -110 0 -110 Q60 -110 110 -150 L150 -120 L120 -40 L120 160 L-120 160 L-120 -40 L-150 -120 Z" fill="${colour}" stroke="#263238" stroke-width="6"/>
      <path d="M-50 -110 Q0 -60 50 -110" fill="none" stroke="#263238" stroke-width="6"/>
      <rect x="-70" y="-20" width="140" height="110" rx="10" fill="#ffffff"/>
      ${mark}
    </g>`;
  const c =
    '<path d="M30 5 Q-25 -10 -30 35 Q-25 80 30 70" fill="none" stroke="#263238" stroke-width="16" stroke-linecap="round"/>';
  const gs =
    '<path d="M-8 5 Q-50 0 -52 35 Q-50 75 -10 70 L-10 42 L-28 42 M52 8 Q20 -5 16 20 Q20 35 36 38 Q56 42 52 62 Q44 80 14 68" fill="none" stroke="#263238" stroke-width="12" stroke-linecap="round"/>';
  const gk =
    '<path d="M-8 5 Q-50 0 -52 35 Q-50 75 -10 70 L-10 42 L-28 42 M18 2 V72 M52 2 L18 40 L54 72" fill="none" stroke="#263238" stroke-width="12" stroke-linecap="round"/>';
  return `
    <ellipse cx="400" cy="690" rx="310" ry="30" fill="#000000" fill-opacity="0.15"/>
    ${bib(250, 430, '#e53935', -10, gs)}
    ${bib(550, 440, '#1e88e5', 9, gk)}
    ${bib(400, 380, '#ffca28', 0, c)}`;
}

function drawSocket(): string {
  // A hall floor in perspective with a flush socket cover open beside its post.
  let boards = '';
  for (let i = 0; i < 9; i++) {
    const x = 40 + i * 95;
    boards += `<path d="M${x} 800 L${340 + i * 16} 330" stroke="#8d6e63" stroke-width="3"/>`;
  }
  return `
    <path d="M0 330 H800 V800 H0 Z" fill="#d7a86e"/>
    ${boards}
    <path d="M0 600 H800" stroke="#ffffff" stroke-width="8"/>
    <ellipse cx="300" cy="600" rx="120" ry="40" fill="#b0bec5" stroke="#455a64" stroke-width="8"/>
    <ellipse cx="300" cy="600" rx="60" ry="20" fill="#263238"/>
    <path d="M420 600 Q470 520 560 530 L610 560 Q520 560 470 620 Z" fill="#c9a227" stroke="#6d4c41" stroke-width="6"/>
    <rect x="560" y="150" width="40" height="420" rx="8" fill="#90a4ae" stroke="#455a64" stroke-width="6"/>
    <ellipse cx="580" cy="575" rx="60" ry="18" fill="#000000" fill-opacity="0.2"/>
    <path d="M600 200 H740 M600 260 H740 M600 320 H740" stroke="#eceff1" stroke-width="4" stroke-dasharray="10 8"/>`;
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
    case 'sit-reach':
      return drawSitReach();
    case 'incline-bar':
      return drawInclineBar();
    case 'jump-mat':
      return drawJumpMat();
    case 'shuttle':
      return drawShuttle();
    case 'mats':
      return drawMats();
    case 'floor-marking':
      return drawFloorMarking();
    case 'stopwatch':
      return drawStopwatch();
    case 'trolley':
      return drawTrolley();
    case 'custom':
      return drawCustom(hue);
    case 'whistle':
      return drawWhistle();
    case 'tags':
      return drawTags();
    case 'scoreboard':
      return drawScoreboard();
    case 'ladder':
      return drawLadder();
    case 'bibs':
      return drawBibs();
    case 'socket':
      return drawSocket();
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

// ---------- wide scenes for the company pages (portfolio carousels, contact location) ----------

const SCENE_W = 1200;
const SCENE_H = 675;
/** The size of every scene and of the location picture. */
export const SCENE_SIZE = { width: SCENE_W, height: SCENE_H } as const;

/** One of the square motifs, scaled into the wide canvas at (x, y). */
const placed = (svg: string, x: number, y: number, scale: number) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">${svg}</g>`;

function cracks(): string {
  return `<g stroke="#37474f" stroke-width="4" fill="none" stroke-opacity="0.7">
    <path d="M150 250 l40 60 -20 50 50 70"/><path d="M320 180 l-30 90 40 40"/>
    <path d="M420 420 l-60 40 -10 70"/><path d="M230 520 l70 -20 30 40"/></g>`;
}

function sceneBody(scene: SceneKind, hue: number): string {
  // Courts are seen from above: grass around them instead of sky.
  const lawn = `<rect width="${SCENE_W}" height="${SCENE_H}" fill="#6b9e5e"/>`;
  const ground = (colour: string) =>
    `<rect x="0" y="520" width="${SCENE_W}" height="${SCENE_H - 520}" fill="${colour}"/>`;
  switch (scene) {
    case 'goalpost-field':
      return `<rect x="0" y="415" width="${SCENE_W}" height="260" fill="#3f9c44"/>
        ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${i * 160}" y="415" width="80" height="260" fill="#ffffff" fill-opacity="0.06"/>`).join('')}
        ${placed(drawGoalpost(), 200, -60, 0.95)}
        <rect x="0" y="560" width="${SCENE_W}" height="8" fill="#ffffff" fill-opacity="0.6"/>`;
    case 'goalpost-socket':
      return `${ground('#8d6e63')}
        <rect x="0" y="500" width="${SCENE_W}" height="30" fill="#43a047"/>
        <rect x="470" y="530" width="260" height="145" fill="#9e9e9e" stroke="#616161" stroke-width="6"/>
        <rect x="570" y="470" width="60" height="190" fill="#cfd8dc" stroke="#455a64" stroke-width="6"/>
        <rect x="582" y="120" width="36" height="400" rx="12" fill="#ffffff" stroke="#b0bec5" stroke-width="4"/>
        <rect x="582" y="120" width="360" height="36" rx="12" fill="#ffffff" stroke="#b0bec5" stroke-width="4"/>
        <g stroke="#ffffff" stroke-width="4" stroke-dasharray="10 8"><line x1="760" y1="600" x2="1000" y2="600"/></g>
        <text x="770" y="640" font-family="sans-serif" font-size="30" font-weight="700" fill="#ffffff">600 mm footing</text>`;
    case 'goalpost-junior':
      return `${ground('#388e3c')}${placed(drawGoalpost(), 80, 100, 0.7)}${placed(drawGoalpost(), 640, 100, 0.7)}
        <rect x="180" y="262" width="18" height="190" fill="#1565c0" rx="6"/>
        <rect x="520" y="262" width="18" height="190" fill="#1565c0" rx="6"/>`;
    case 'hoop-hall':
      return `<rect x="0" y="0" width="${SCENE_W}" height="${SCENE_H}" fill="#d7ccc8"/>
        ${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((r) => `<line x1="0" y1="${r * 60}" x2="${SCENE_W}" y2="${r * 60}" stroke="#bcaaa4" stroke-width="3"/>`).join('')}
        <rect x="0" y="470" width="${SCENE_W}" height="205" fill="#c98e4b"/>
        ${[0, 1, 2, 3, 4, 5].map((r) => `<line x1="0" y1="${470 + r * 36}" x2="${SCENE_W}" y2="${470 + r * 36}" stroke="#8d5a2b" stroke-opacity="0.45" stroke-width="3"/>`).join('')}
        <path d="M0 600 H${SCENE_W}" stroke="#ffffff" stroke-width="6"/>
        ${placed(drawHoop(), 230, -40, 0.9)}`;
    case 'hoop-outdoor':
      return `${ground('#1e6091')}
        <rect x="890" y="180" width="40" height="450" fill="#78909c"/>
        <rect x="730" y="200" width="180" height="26" fill="#78909c"/>
        ${placed(drawHoop(), 330, 20, 0.75)}
        <rect x="884" y="440" width="52" height="160" rx="8" fill="#1565c0"/>`;
    case 'hoop-adjustable':
      return `${ground('#c8a46e')}${placed(drawHoop(), 300, -20, 0.85)}
        <g stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round">
          <path d="M980 160 V420"/><path d="M955 190 l25 -30 25 30"/><path d="M955 390 l25 30 25 -30"/>
        </g>
        <text x="1030" y="250" font-family="sans-serif" font-size="34" font-weight="700" fill="#ffffff">3.05 m</text>
        <text x="1030" y="360" font-family="sans-serif" font-size="34" font-weight="700" fill="#ffffff">2.60 m</text>`;
    case 'court-before-after':
      return `${lawn}<g transform="translate(0 30) scale(0.8)"><g filter="url(#faded)">${drawCourt(hue)}</g>${cracks()}</g>
        ${placed(drawCourt(hue), 560, 30, 0.8)}
        <rect x="596" y="0" width="8" height="${SCENE_H}" fill="#ffffff"/>
        <g font-family="sans-serif" font-size="34" font-weight="800" fill="#ffffff">
          <text x="40" y="640">Before</text><text x="1060" y="640">After</text></g>`;
    case 'court-application': {
      const court = placed(drawCourt(hue), 200, 0, 0.84);
      return `${lawn}${court}
        <rect x="280" y="100" width="420" height="470" fill="#9e9e9e" fill-opacity="0.85"/>
        <path d="M700 100 q40 120 0 235 q-40 120 0 235" fill="hsl(${(hue + 180) % 360}, 50%, 52%)"/>
        <g transform="translate(700 300) rotate(-20)">
          <rect x="-12" y="-170" width="24" height="240" rx="6" fill="#6d4c41"/>
          <rect x="-110" y="60" width="220" height="34" rx="6" fill="#263238"/>
        </g>`;
    }
    case 'court-finished':
      return `${lawn}${placed(drawCourt(hue), 200, 0, 0.84)}
        ${[120, 1080].map((x) => [110, 330, 550].map((y) => `<circle cx="${x}" cy="${y}" r="70" fill="#2e7d32"/><circle cx="${x - 20}" cy="${y - 20}" r="40" fill="#43a047"/>`).join('')).join('')}`;
  }
}

/** The SVG drawings of the company pictures as a JPEG (they are stored from that). */
export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A wide picture (1200×675 SVG) for a portfolio project's carousel. No text besides measurements, so captions stay in the page where screen readers and translation reach them. */
export function sceneSvg(scene: SceneKind, hue: number): string {
  const h = normaliseHue(hue);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_W}" height="${SCENE_H}" viewBox="0 0 ${SCENE_W} ${SCENE_H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${h}, 65%, 78%)"/>
      <stop offset="1" stop-color="hsl(${h}, 45%, 58%)"/>
    </linearGradient>
    <filter id="faded"><feColorMatrix type="saturate" values="0.25"/></filter>
  </defs>
  <rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#sky)"/>
  <circle cx="1050" cy="90" r="150" fill="#ffffff" fill-opacity="0.12"/>
  ${sceneBody(scene, h)}
</svg>`;
  return svg;
}

/**
 * The contact page's location picture (1200×675 SVG): a drawn street plan with a pin and
 * the company's name and address from the settings. Drawn, not fetched: no map service is called,
 * so the picture says where to come without sending visitors' addresses anywhere.
 */
export function locationSvg(name: string, address: string): string {
  const lines = wrap(address, 34, 3).map(escapeXml);
  const roads = [
    'M0 180 H1200',
    'M0 470 C 300 440, 600 520, 1200 480',
    'M260 0 V675',
    'M760 0 C 740 200, 800 400, 780 675',
  ];
  const blocks = [
    [40, 30, 180, 120],
    [300, 30, 200, 120],
    [540, 40, 180, 110],
    [820, 30, 330, 120],
    [40, 230, 180, 190],
    [300, 230, 200, 100],
    [300, 350, 180, 80],
    [830, 220, 320, 200],
    [40, 540, 180, 110],
    [300, 540, 420, 110],
    [830, 540, 330, 110],
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_W}" height="${SCENE_H}" viewBox="0 0 ${SCENE_W} ${SCENE_H}">
  <rect width="${SCENE_W}" height="${SCENE_H}" fill="#eef2f0"/>
  ${blocks.map(([x, y, w, hh]) => `<rect x="${x}" y="${y}" width="${w}" height="${hh}" rx="10" fill="#dde3e0"/>`).join('')}
  <rect x="520" y="220" width="200" height="200" rx="14" fill="#c8e6c9"/>
  <g fill="none" stroke="#ffffff" stroke-width="34" stroke-linecap="round">${roads.map((d) => `<path d="${d}"/>`).join('')}</g>
  <g fill="none" stroke="#cfd8dc" stroke-width="2">${roads.map((d) => `<path d="${d}"/>`).join('')}</g>
  <path d="M0 620 C 250 600, 500 660, 1200 610" fill="none" stroke="#90caf9" stroke-width="26"/>
  <g transform="translate(620 300)">
    <ellipse cx="0" cy="62" rx="34" ry="10" fill="#000000" fill-opacity="0.2"/>
    <path d="M0 60 C -20 20, -52 0, -52 -36 A52 52 0 1 1 52 -36 C 52 0, 20 20, 0 60 Z" fill="#c2410c"/>
    <circle cx="0" cy="-36" r="20" fill="#ffffff"/>
  </g>
  <g transform="translate(40 440)">
    <rect x="0" y="0" width="620" height="${70 + lines.length * 36}" rx="14" fill="#0c2f66" fill-opacity="0.92"/>
    <text x="28" y="48" font-family="sans-serif" font-size="28" font-weight="800" fill="#ffffff">${escapeXml(truncate(name, 38))}</text>
    ${lines.map((l, i) => `<text x="28" y="${90 + i * 36}" font-family="sans-serif" font-size="26" fill="#d9eaff">${l}</text>`).join('')}
  </g>
</svg>`;
  return svg;
}
