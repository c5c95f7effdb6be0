/**
 * Attachments (a buyer's site photos and drawings, staff's spec sheets): the rules both sides
 * apply. The browser checks a chosen file with them before sending, as a courtesy; the server
 * (services/attachments) checks every file again by its content and decides.
 */

/** Files on one enquiry from the buyer, and on one staff reply. */
export const MAX_ATTACHMENTS = 3;
/** 10 MiB, the same ceiling as a product image. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The form field that carries the files (one value per file). */
export const ATTACHMENT_FIELD = 'files';

export type AttachmentKind = 'jpeg' | 'png' | 'webp' | 'pdf';

/** Each kind's stored content type and the extension its file name ends with. */
export const ATTACHMENT_KINDS: Record<AttachmentKind, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  pdf: { contentType: 'application/pdf', ext: 'pdf' },
};

/** What the file picker offers; the server goes by the content, never by this. */
export const ATTACHMENT_ACCEPT =
  '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';

/** What a file field says it takes. */
export const ATTACHMENT_HINT = `Up to ${MAX_ATTACHMENTS} files (site photos, drawings): JPEG, PNG, WebP or PDF, 10 MB each.`;

export const ATTACHMENT_MESSAGES = {
  tooMany: `Attach at most ${MAX_ATTACHMENTS} files.`,
  tooLarge: (name: string) => `${name} is larger than 10 MB. Please choose a smaller file.`,
  notAllowed: (name: string) =>
    `${name} is not a JPEG, PNG, WebP or PDF file. Please choose a photo, a drawing or a PDF.`,
  empty: (name: string) => `${name} is empty.`,
  damaged: (name: string) => `${name} could not be read: the file is damaged or incomplete.`,
  password: (name: string) =>
    `${name} is protected by a password. Please attach it without one, so that it can be opened.`,
  /** A refused plain post comes back without the files it carried (no page can refill them). */
  chooseAgain: 'Your files were not kept: please choose them again.',
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);

/** ASCII text as bytes. */
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The kind a file's first 16 bytes say it is (its magic number), or null for anything else.
 * Only a first look: the server also decodes images and reads a PDF's structure.
 */
export function sniffAttachment(head: Uint8Array): AttachmentKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  return null;
}

/** "2.4 MB", "180 KB": a file's size as a list shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The browser's check of files about to be added to `chosen` (count, size, kind by content):
 * the files to add and the message about the ones refused, if any.
 */
export async function checkChosenFiles(
  chosen: readonly File[],
  added: readonly File[],
): Promise<{ accepted: File[]; error: string | null }> {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of added) {
    if (chosen.length + accepted.length >= MAX_ATTACHMENTS) {
      problems.push(ATTACHMENT_MESSAGES.tooMany);
      break;
    }
    if (file.size > MAX_ATTACHMENT_BYTES) problems.push(ATTACHMENT_MESSAGES.tooLarge(file.name));
    else if (file.size === 0) problems.push(ATTACHMENT_MESSAGES.empty(file.name));
    else if (!sniffAttachment(new Uint8Array(await file.slice(0, 16).arrayBuffer())))
      problems.push(ATTACHMENT_MESSAGES.notAllowed(file.name));
    else accepted.push(file);
  }
  return { accepted, error: problems.length ? problems.join(' ') : null };
}
