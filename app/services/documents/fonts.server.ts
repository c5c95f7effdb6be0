import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts embedded in the company's PDFs (quotations, tax invoices). Buyers' names come in
 * English, Malay, Chinese and Tamil, and pdfkit's built-in fonts know only Windows-1252, so each
 * PDF embeds the Noto faces its text needs (pdfkit keeps only the glyphs used, a subset of a few
 * kilobytes). pdfkit has no font fallback: the text is cut into runs, each in the first family
 * that has all of its characters (`runsOf`).
 *
 * - `main`, Noto Sans SC: Latin (with Vietnamese) and Simplified Chinese in one face, so a line of
 *   English or Chinese needs one font. Noto Sans is not the main face: fontkit reads its large
 *   kerning tables again for every document, which made each PDF several times slower.
 * - `tamil`, Noto Sans Tamil, shaped by fontkit (vowel signs, conjuncts).
 * - `extra`, Noto Sans: the rest of Latin (Polish, Turkish, Romanian …), Greek and Cyrillic, read
 *   only for a document that has such a letter.
 *
 * A character none of them has prints as '?', so the line around it prints as written.
 */
export const FONT_FAMILIES = ['main', 'tamil', 'extra'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export type FontFace = `${FontFamily}${'' | '-bold'}`;

// The font packages ship their TTF files under these names (their documented contents); the
// files are read from where Node resolves them, in development and in the built server alike.
const FILES: Record<FontFace, string> = {
  main: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'main-bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  tamil: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
  'tamil-bold': '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
  extra: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'extra-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

const require = createRequire(import.meta.url);
const buffers = new Map<FontFace, Buffer>();
const coverage = new Map<FontFamily, fontkit.Font>();

/** A face's file, read once per process (the main faces are 10 MB each: Chinese is large). */
export function fontFile(face: FontFace): Buffer {
  let buffer = buffers.get(face);
  if (!buffer) {
    buffer = readFileSync(require.resolve(FILES[face]));
    buffers.set(face, buffer);
  }
  return buffer;
}

/** Whether a family has a glyph for every code point of `text` (its regular face is asked). */
function covers(family: FontFamily, text: string): boolean {
  let font = coverage.get(family);
  if (!font) {
    font = fontkit.create(fontFile(family)) as fontkit.Font;
    coverage.set(family, font);
  }
  for (const ch of text) if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}

/** A piece of text in one face. */
export interface FontRun {
  face: FontFace;
  text: string;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Spaces, digits and punctuation that every script shares, and marks that join a letter. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;

/**
 * Text as runs of one face each: NFC first (a letter typed with a separate accent is one
 * character), a tab or other control character becomes a space (a line break stays), each
 * character (grapheme) goes to the first family that has it, and shared characters (spaces,
 * digits, punctuation) stay in the run they are in when its family has them, so a Tamil name's
 * spaces do not cut it into pieces.
 */
export function runsOf(text: string, bold = false): FontRun[] {
  // Most text is plain ASCII, which the main face has.
  if (/^[\x20-\x7e\n]*$/.test(text)) return text ? [{ face: faceOf('main', bold), text }] : [];
  const runs: FontRun[] = [];
  let family: FontFamily | null = null;
  let piece = '';
  const clean = text.normalize('NFC').replace(/[\p{Cc}]/gu, (c) => (c === '\n' ? c : ' '));
  for (const { segment } of graphemes.segment(clean)) {
    let chosen: FontFamily | null = null;
    let printed = segment;
    if (segment === '\n') chosen = family ?? 'main';
    else if (family && SHARED.test(segment) && covers(family, segment)) chosen = family;
    else chosen = FONT_FAMILIES.find((f) => covers(f, segment)) ?? null;
    if (!chosen) {
      chosen = 'main';
      printed = '?';
    }
    if (chosen !== family && piece) {
      runs.push({ face: faceOf(family!, bold), text: piece });
      piece = '';
    }
    family = chosen;
    piece += printed;
  }
  if (piece) runs.push({ face: faceOf(family!, bold), text: piece });
  return runs;
}

const faceOf = (family: FontFamily, bold: boolean): FontFace => (bold ? `${family}-bold` : family);

const registered = new WeakMap<PDFKit.PDFDocument, Set<FontFace>>();

/**
 * Selects a face (and size) on a document, registering it with the document the first time: a
 * document embeds only the faces its text used.
 */
export function selectFace(doc: PDFKit.PDFDocument, face: FontFace, size: number): void {
  let faces = registered.get(doc);
  if (!faces) {
    faces = new Set();
    registered.set(doc, faces);
  }
  if (!faces.has(face)) {
    doc.registerFont(face, fontFile(face));
    faces.add(face);
  }
  doc.font(face).fontSize(size);
}
