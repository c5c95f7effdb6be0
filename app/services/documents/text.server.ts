import { runsOf, selectFace, type FontFace } from './fonts.server';

/** How a piece of text is set. */
export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

/** A line ready to draw: its runs with their widths, and its width without trailing spaces. */
export interface SetLine {
  runs: { face: FontFace; text: string; width: number }[];
  width: number;
}

/** Line height as a multiple of the font size: room for Tamil's marks above and below. */
const LEADING = 1.4;
/** From a line's top to its baseline, as a multiple of the font size. */
const ASCENT = 1.08;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Chinese (and Japanese, Korean) text breaks between any two characters. */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/**
 * Sets text in the embedded fonts (documents/fonts.server.ts) for pdfkit, which can wrap text in
 * one font only: runs of several fonts are measured, wrapped and drawn here. Lines break at spaces
 * and between Chinese characters, and a word longer than the line breaks where it must; a line
 * break in the text starts a new line. Every run of a line shares one baseline, whatever its
 * font's own ascent.
 */
export class Typesetter {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  lineHeight(style: TextStyle): number {
    return style.size * LEADING;
  }

  /** The width of a single line of text (no wrapping). */
  width(text: string, style: TextStyle): number {
    return this.measure(text, style).width;
  }

  /** Text wrapped to `width`. */
  lines(text: string, style: TextStyle, width: number): SetLine[] {
    const out: SetLine[] = [];
    const fits = (t: string) => this.measure(t, style).width <= width;
    // What is too wide on its own (a long link, a part number) breaks where it must; the rest,
    // which fits, starts the next line.
    const breakLong = (t: string): string => {
      let rest = t;
      while (rest && !fits(rest)) {
        let fit = '';
        for (const { segment } of graphemes.segment(rest)) {
          if (fit && !fits(fit + segment)) break;
          fit += segment;
        }
        out.push(this.measure(fit, style));
        rest = rest.slice(fit.length);
      }
      return rest;
    };
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const piece of pieces(paragraph)) {
        if (fits(line + piece)) {
          line += piece;
          continue;
        }
        if (line) out.push(this.measure(line, style));
        line = breakLong(piece);
      }
      out.push(this.measure(line, style));
    }
    return out;
  }

  /** The height of text wrapped to `width`. */
  height(text: string, style: TextStyle, width: number): number {
    return this.lines(text, style, width).length * this.lineHeight(style);
  }

  /** Draws set lines from `top`, left-aligned at `x` or right-aligned to `x + width`. */
  draw(
    lines: readonly SetLine[],
    x: number,
    top: number,
    style: TextStyle,
    options: { width?: number; align?: 'left' | 'right' } = {},
  ): number {
    const doc = this.doc;
    let y = top;
    for (const line of lines) {
      let at = options.align === 'right' && options.width ? x + options.width - line.width : x;
      for (const run of line.runs) {
        selectFace(doc, run.face, style.size);
        doc.fillColor(style.color ?? '#0f172a');
        doc.text(run.text, at, y + style.size * ASCENT, {
          lineBreak: false,
          baseline: 'alphabetic',
        });
        at += run.width;
      }
      y += this.lineHeight(style);
    }
    return y;
  }

  /** Wraps and draws text; returns the y below it. */
  text(
    text: string,
    x: number,
    top: number,
    style: TextStyle,
    options: { width: number; align?: 'left' | 'right' },
  ): number {
    return this.draw(this.lines(text, style, options.width), x, top, style, options);
  }

  private measured = new Map<string, SetLine>();

  private measure(text: string, style: TextStyle): SetLine {
    const key = `${style.size}|${style.bold ? 1 : 0}|${text}`;
    let line = this.measured.get(key);
    if (!line) {
      line = this.measureRuns(text, style);
      this.measured.set(key, line);
    }
    return line;
  }

  private measureRuns(text: string, style: TextStyle): SetLine {
    const runs = runsOf(text, style.bold).map((run) => {
      selectFace(this.doc, run.face, style.size);
      return { ...run, width: this.doc.widthOfString(run.text) };
    });
    const total = runs.reduce((sum, r) => sum + r.width, 0);
    const trailing = /\s+$/.exec(text)?.[0];
    const last = runs.at(-1);
    const width = trailing && last ? total - this.trailingWidth(last.face, trailing) : total;
    return { runs, width };
  }

  private trailingWidth(face: FontFace, spaces: string): number {
    return this.doc.font(face).widthOfString(spaces);
  }
}

/**
 * A paragraph cut where a line may break: after a run of spaces, and before and after each
 * Chinese character. Joined again, the pieces are the paragraph.
 */
function pieces(paragraph: string): string[] {
  const out: string[] = [];
  let piece = '';
  let afterSpace = false;
  for (const { segment } of graphemes.segment(paragraph)) {
    const space = /^\s+$/.test(segment);
    const cjk = CJK.test(segment);
    if (piece && ((afterSpace && !space) || cjk || CJK.test(piece.slice(-1)))) {
      out.push(piece);
      piece = '';
    }
    piece += segment;
    afterSpace = space;
  }
  if (piece) out.push(piece);
  return out;
}
