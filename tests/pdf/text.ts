import { PDFParse } from 'pdf-parse';

/** A PDF's text as pdf-parse reads it (a line per line of type, in reading order) and its pages. */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const result = await parser.getText();
  await parser.destroy();
  return { text: result.text, pages: result.total };
}
