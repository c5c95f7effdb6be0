import { createHash, randomBytes } from 'node:crypto';
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_KINDS,
  ATTACHMENT_MESSAGES,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  sniffAttachment,
  type AttachmentKind,
} from '~/lib/attachments';
import { db } from '../db/client.server';
import { attachments, enquiries, type AttachmentOwner } from '../db/schema';
import { hashAccessToken, isAccessTokenShape } from '../enquiries/access-token.server';
import { UserError } from '../errors.server';
import { plainLineBreaks, readForm } from '../forms.server';
import type { Tx } from '../inbox/shared.server';
import { privateStorage } from '../media/storage.server';
import { imageProblem, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from '../media/uploads.server';
import { downloadResponse, fileNotFound } from '../sales/download.server';

/** Room for the text fields and multipart headers next to the largest allowed files. */
const FORM_MARGIN = 1024 * 1024;
/** The most a form with attachments may carry (server/body-limit.ts lets this much through). */
export const MAX_ATTACHMENT_FORM_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + FORM_MARGIN;

/** A file as a form sent it: its bytes, or null when it was over the size limit (not kept). */
export interface AttachmentUpload {
  name: string;
  size: number;
  data: Buffer | null;
}

/** A form that may carry attachments: its text fields and the files of its `files` field. */
export interface AttachmentForm {
  form: FormData;
  files: AttachmentUpload[];
}

/**
 * Reads a form that may carry attachments: multipart/form-data as a stream with the form parser's
 * limits, anything else as an ordinary form (readForm). The parser's own per-file limit is set at
 * the form's ceiling rather than at 10 MB: at 10 MB it would stop reading, and the answer could
 * not give back the fields that came after the file. So every file is read, one over 10 MB is
 * kept only as its name and size (a message under the field, the form as typed), and more than
 * three are counted (the check's message). A body beyond the ceiling is a 413.
 */
export async function readAttachmentForm(request: Request): Promise<AttachmentForm> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) return { form: await readForm(request), files: [] };
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_ATTACHMENT_FORM_BYTES)
    throw new UserError(formTooLarge(), 413, ATTACHMENT_FIELD);
  const files: AttachmentUpload[] = [];
  try {
    const form = await parseFormData(
      request,
      {
        maxFileSize: MAX_ATTACHMENT_FORM_BYTES,
        maxTotalSize: MAX_ATTACHMENT_FORM_BYTES,
        maxFiles: 20,
        maxParts: 100,
      },
      async (file) => {
        // An empty file input is sent as a part without content: no file chosen.
        if (file.fieldName !== ATTACHMENT_FIELD || file.size === 0) return null;
        const keep = file.size <= MAX_ATTACHMENT_BYTES && files.length < MAX_ATTACHMENTS;
        files.push({
          name: file.name,
          size: file.size,
          data: keep ? Buffer.from(await file.arrayBuffer()) : null,
        });
        return null;
      },
    );
    return { form: plainLineBreaks(form), files };
  } catch (error) {
    if (error instanceof MaxTotalSizeExceededError || error instanceof MaxFileSizeExceededError)
      throw new UserError(formTooLarge(), 413, ATTACHMENT_FIELD);
    if (error instanceof MaxFilesExceededError)
      throw new UserError(ATTACHMENT_MESSAGES.tooMany, 400, ATTACHMENT_FIELD);
    if (error instanceof MaxPartsExceededError || error instanceof FormDataParseError)
      throw new UserError(UPLOAD_MESSAGES.unreadable, 400);
    throw error;
  }
}

const formTooLarge = () =>
  `The files are too large together: at most ${MAX_ATTACHMENTS} files of 10 MB each.`;

/** A file that passed the checks, ready to store: re-encoded if an image, as sent if a PDF. */
export interface CheckedAttachment {
  fileName: string;
  kind: AttachmentKind;
  contentType: string;
  data: Buffer;
  sha256: string;
}

/**
 * Checks a form's files by their content (the name and the browser's content type are not
 * trusted): at most `max` (three), each at most 10 MB, each a JPEG, PNG or WebP image that
 * decodes completely within the pixel limit, or a PDF whose header and cross-reference pointer
 * hold up. Images come back re-encoded in their own format with the orientation applied and no
 * metadata (EXIF, GPS: sharp writes none unless asked); PDFs as they were sent. Every problem
 * is named in one 4xx UserError about the `files` field, and nothing is stored here.
 */
export async function checkAttachments(
  files: readonly AttachmentUpload[],
  max = MAX_ATTACHMENTS,
): Promise<CheckedAttachment[]> {
  if (files.length > max) throw new UserError(ATTACHMENT_MESSAGES.tooMany, 400, ATTACHMENT_FIELD);
  const checked: CheckedAttachment[] = [];
  const problems: UserError[] = [];
  for (const file of files) {
    try {
      checked.push(await checkAttachment(file));
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      problems.push(error);
    }
  }
  if (problems.length) {
    throw new UserError(
      problems.map((p) => p.message).join(' '),
      Math.max(...problems.map((p) => p.status)),
      ATTACHMENT_FIELD,
    );
  }
  return checked;
}

async function checkAttachment(file: AttachmentUpload): Promise<CheckedAttachment> {
  const label = displayName(file.name);
  if (!file.data) throw new UserError(ATTACHMENT_MESSAGES.tooLarge(label), 413);
  const kind = await checkFileContent(file.data, ATTACHMENT_KIND_NAMES, ATTACHMENT_FIELD, {
    notAllowed: ATTACHMENT_MESSAGES.notAllowed(label),
    tooManyPixels: UPLOAD_MESSAGES.tooManyPixels(label),
    damaged: ATTACHMENT_MESSAGES.damaged(label),
    password: ATTACHMENT_MESSAGES.password(label),
  });
  const data = kind === 'pdf' ? file.data : await reencodeImage(file.data, kind);
  return checkedFile(file.name, kind, data);
}

/**
 * A file as it will be stored and sent: its content, the content type of the kind it was found to
 * be, a clean name ending in that kind's extension (`fallback` when nothing of the sent name is
 * left), and its SHA-256.
 */
export function checkedFile(
  sentName: string,
  kind: AttachmentKind,
  data: Buffer,
  fallback?: string,
): CheckedAttachment {
  const { contentType, ext } = ATTACHMENT_KINDS[kind];
  return {
    fileName: cleanFileName(sentName, ext, fallback),
    kind,
    contentType,
    data,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

/** Why a file's content is refused: each caller words these for its own form. */
export type FileContentMessages = Record<
  'notAllowed' | 'tooManyPixels' | 'damaged' | 'password',
  string
>;

const ATTACHMENT_KIND_NAMES = Object.keys(ATTACHMENT_KINDS) as AttachmentKind[];

/**
 * What a file really is, by its content alone (the name and the browser's content type are the
 * sender's word): one of `kinds`, an image that decodes completely within the pixel limit, or a
 * PDF a reader opens (pdfProblem). Anything else is a 4xx UserError about `field` with the
 * caller's message. The one check every private file goes through: an enquiry's and a staff
 * reply's attachments, and a buyer's purchase order.
 */
export async function checkFileContent(
  data: Buffer,
  kinds: readonly AttachmentKind[],
  field: string,
  messages: FileContentMessages,
): Promise<AttachmentKind> {
  const kind = sniffAttachment(data.subarray(0, 16));
  if (!kind || !kinds.includes(kind)) throw new UserError(messages.notAllowed, 415, field);
  const problem = kind === 'pdf' ? await pdfProblem(data) : await imageProblem(data, [kind]);
  switch (problem) {
    case null:
      return kind;
    case 'notImage':
      throw new UserError(messages.notAllowed, 415, field);
    case 'tooManyPixels':
      throw new UserError(messages.tooManyPixels, 413, field);
    case 'password':
      throw new UserError(messages.password, 422, field);
    case 'damaged':
      throw new UserError(messages.damaged, 422, field);
  }
}

/** How a message names a file: its name as the buyer knows it, without a path, kept short. */
function displayName(name: string): string {
  const base = withoutControls(name.split(/[/\\]/).pop() ?? '').trim();
  return base ? `"${[...base].slice(0, 80).join('')}"` : 'A file';
}

/**
 * The image in its own format, orientation applied (`rotate()` reads the EXIF orientation), with
 * no metadata: sharp writes EXIF, GPS, XMP or an ICC profile only when asked to.
 */
async function reencodeImage(input: Buffer, kind: Exclude<AttachmentKind, 'pdf'>) {
  const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  if (kind === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (kind === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

/**
 * A light look at a PDF's structure: a version header, and at the end a `startxref` whose offset
 * lies inside the file and points at a cross-reference table or stream, then `%%EOF`. A text
 * file renamed .pdf, a truncated download or an HTML page fail it. It comes before pdf.js, which
 * repairs a file whose end is missing and would open half a download.
 */
export function isWholePdf(data: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(data.subarray(0, 8).toString('latin1'))) return false;
  const tail = data.subarray(Math.max(0, data.length - 2048)).toString('latin1');
  const pointer = /startxref\s+(\d+)\s+%%EOF[\s\0]*$/.exec(tail);
  if (!pointer) return false;
  const offset = Number(pointer[1]);
  if (offset <= 0 || offset >= data.length) return false;
  const target = data.subarray(offset, offset + 40).toString('latin1');
  return /^\s*(xref\b|\d+\s+\d+\s+obj\b)/.test(target);
}

/**
 * Whether a PDF is whole (isWholePdf) and opens as a reader would open it (pdf.js, through
 * pdf-parse), with at least one page and no password: one the reader at the other end cannot
 * open is of no use to it. pdf-parse is loaded on first use: most requests never need it.
 */
async function pdfProblem(data: Buffer): Promise<'damaged' | 'password' | null> {
  if (!isWholePdf(data)) return 'damaged';
  const { PDFParse, PasswordException, VerbosityLevel } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(data), verbosity: VerbosityLevel.ERRORS });
  try {
    const info = await parser.getInfo();
    return info.total < 1 ? 'damaged' : null;
  } catch (error) {
    return error instanceof PasswordException ? 'password' : 'damaged';
  } finally {
    await parser.destroy();
  }
}

// Control and format characters (C0, C1, bidi overrides such as U+202E that show
// "photo‮gpj.exe" as "photoexe.jpg", zero-width ones) and line or paragraph separators.
const CONTROLS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const withoutControls = (text: string) => text.normalize('NFC').replace(CONTROLS, '');

/** Longest stored file name, extension included (in characters). */
export const FILE_NAME_MAX = 120;

/**
 * The name a file is shown and sent under: the last part of what the browser sent (no path),
 * without control characters, spaces folded, at most 120 characters, ending in the extension of
 * the type its content was found to be (a PDF named plan.png becomes plan.pdf; scan.JPG stays as
 * written), or `fallback` with that extension when nothing of the name is left.
 */
export function cleanFileName(sent: string, ext: string, fallback = 'attachment'): string {
  const base = withoutControls((sent.split(/[/\\]/).pop() ?? '').replace(/\s+/g, ' '))
    .trim()
    .replace(/^\.+/, '');
  const dot = base.lastIndexOf('.');
  const stated = dot > 0 ? base.slice(dot + 1) : '';
  // An extension (letters first, at most five characters) is replaced; "rev.3" is not one.
  let stem = /^[a-z][a-z0-9]{0,4}$/i.test(stated) ? base.slice(0, dot) : base;
  const same = ext === 'jpg' ? /^jpe?g$/i : new RegExp(`^${ext}$`, 'i');
  if (same.test(stated)) ext = stated;
  stem =
    [...stem.trim()]
      .slice(0, FILE_NAME_MAX - ext.length - 1)
      .join('')
      .trim() || fallback;
  return `${stem}.${ext}`;
}

/** A checked file in private storage. */
export interface StoredAttachment extends CheckedAttachment {
  storageKey: string;
}

/**
 * Puts checked files into private storage under keys the server makes
 * (`enquiries/<id>/<random>.<ext>`). Done before the transaction that records them: a failure
 * there removes them again (removeStoredAttachments), and one here removes those already put.
 */
export async function putAttachments(
  enquiryId: number,
  files: readonly CheckedAttachment[],
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const file of files) {
      const storageKey = `enquiries/${enquiryId}/${randomBytes(16).toString('hex')}.${ATTACHMENT_KINDS[file.kind].ext}`;
      await privateStorage().put(storageKey, file.data, file.contentType);
      stored.push({ ...file, storageKey });
    }
  } catch (error) {
    await removeStoredAttachments(stored);
    throw error;
  }
  return stored;
}

/** Removes stored files whose rows were never written (their transaction failed). */
export async function removeStoredAttachments(files: readonly { storageKey: string }[]) {
  await Promise.all(files.map((f) => privateStorage().delete(f.storageKey)));
}

/** Writes the rows of stored files inside the caller's transaction. */
export async function recordAttachments(
  tx: Tx,
  enquiryId: number,
  owner: AttachmentOwner,
  files: readonly StoredAttachment[],
  links: { eventId?: number; responseId?: number } = {},
): Promise<void> {
  if (!files.length) return;
  await tx.insert(attachments).values(
    files.map((f) => ({
      enquiryId,
      owner,
      eventId: links.eventId ?? null,
      responseId: links.responseId ?? null,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.data.length,
      sha256: f.sha256,
      storageKey: f.storageKey,
    })),
  );
}

/**
 * Runs `write` (a transaction recording `files`) after putting the files in storage, and removes
 * them again if it fails, so no file outlives a write that did not happen.
 */
export async function withStoredAttachments<T>(
  enquiryId: number,
  files: readonly CheckedAttachment[],
  write: (stored: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  const stored = await putAttachments(enquiryId, files);
  try {
    return await write(stored);
  } catch (error) {
    await removeStoredAttachments(stored);
    throw error;
  }
}

/** An attachment as pages list it (never its storage key). */
export interface AttachmentView {
  id: number;
  owner: AttachmentOwner;
  eventId: number | null;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

/** An enquiry's attachments, oldest first. The caller has checked who may see the enquiry. */
export async function listAttachments(enquiryId: number): Promise<AttachmentView[]> {
  return db()
    .select({
      id: attachments.id,
      owner: attachments.owner,
      eventId: attachments.eventId,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      size: attachments.size,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(eq(attachments.enquiryId, enquiryId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** A stored attachment to send. */
export interface AttachmentFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/**
 * Whose request for a file it is, checked here with the file: staff (any enquiry's), the
 * signed-in customer whose enquiry it is, or the holder of a guest enquiry's link.
 */
export type AttachmentAccess =
  { staff: true; enquiryId: number } | { userId: string; enquiryId: number } | { token: string };

/**
 * One attachment with its bytes, or null when the asker may not have it: another enquiry's, not
 * theirs, a wrong or malformed link, no such file, or its file gone from storage. The answer is
 * the same null either way, so a refusal tells nothing about which files exist.
 */
export async function getAttachmentFile(
  access: AttachmentAccess,
  fileId: number,
): Promise<AttachmentFile | null> {
  let scope: SQL | undefined;
  if ('token' in access) {
    if (!isAccessTokenShape(access.token)) return null;
    scope = eq(enquiries.accessTokenHash, hashAccessToken(access.token));
  } else if ('userId' in access) {
    scope = and(eq(enquiries.id, access.enquiryId), eq(enquiries.userId, access.userId));
  } else {
    scope = eq(enquiries.id, access.enquiryId);
  }
  const [row] = await db()
    .select({
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .innerJoin(enquiries, eq(enquiries.id, attachments.enquiryId))
    .where(and(eq(attachments.id, fileId), scope));
  if (!row) return null;
  const data = await privateStorage().get(row.storageKey);
  return data ? { fileName: row.fileName, contentType: row.contentType, data } : null;
}

/** A route parameter that names a row: a positive integer of a sane length, else 0 (none). */
export const idParam = (param: string | undefined) =>
  param && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : 0;

/**
 * The answer to a download: the file (getAttachmentFile decides who may have it) as an
 * attachment, nosniff and no-store, or the same 404 page for every refusal, with `back` as its
 * way out.
 */
export async function attachmentDownload(
  access: AttachmentAccess,
  fileId: string | undefined,
  back: [href: string, label: string],
): Promise<Response> {
  const file = await getAttachmentFile(access, idParam(fileId));
  return file ? downloadResponse(file) : fileNotFound('File not found', back);
}
