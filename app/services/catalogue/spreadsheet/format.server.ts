/**
 * The catalogue's spreadsheet format, shared by the export and the import: one row per product,
 * fixed columns, then two columns per specification name (its value and, when any product gives
 * one, its unit). Export and import agree on every rule here, so exporting and importing a file
 * again changes nothing.
 */
import { neutraliseCell } from '../../inbox/csv.server';

export const COLUMNS = {
  id: 'ID',
  modelCode: 'Model code',
  name: 'Name',
  status: 'Status',
  sport: 'Sport',
  categories: 'Categories',
  description: 'Description',
  images: 'Images',
} as const;
export type FixedColumn = keyof typeof COLUMNS;
export const FIXED_HEADER = Object.values(COLUMNS);

/** A specification's value column is `Spec: <name>`, its unit's `Unit: <name>`. */
export const SPEC_PREFIX = 'Spec: ';
export const UNIT_PREFIX = 'Unit: ';

/** Categories and image names in one cell. */
export const LIST_SEPARATOR = '; ';

/** What a product's n-th image (from 1) is called in the file and in the images ZIP. */
export function imageFileName(productId: number, n: number): string {
  return `${productId}-${n}.jpg`;
}

/** The cells of a list ('Goalposts; Nets'): trimmed, empty ones dropped. */
export function splitList(cell: string): string[] {
  return cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A cell as written to a file: one a spreadsheet would run as a formula gets a leading
 * apostrophe (the enquiries export's rule); one that already starts with apostrophes before such
 * a character gets one more, so reading it back (textOfCell) gives exactly the text stored.
 */
export function exportCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? `'${value}` : neutraliseCell(value);
}

/** A cell as read from a file: the apostrophe exportCell added is taken off again. */
export function textOfCell(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A cell a spreadsheet would treat as a formula (written by a person, not by the export). */
export function isFormula(cell: string): boolean {
  return cell.startsWith('=');
}
