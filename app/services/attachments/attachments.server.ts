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
import { checkImage, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from '../media/uploads.server';
import { plainPage } from '../request-state.server';

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
  const kind = sniffAttachment(file.data.subarray(0, 16));
  if (!kind) throw new UserError(ATTACHMENT_MESSAGES.notAllowed(label), 415);
  let data: Buffer;
  if (kind === 'pdf') {
    if (!isWholePdf(file.data)) throw new UserError(ATTACHMENT_MESSAGES.damaged(label), 422);
    data = file.data;
  } else {
    await checkImage(file.data, label, ATTACHMENT_FIELD);
    data = await reencodeImage(file.data, kind);
  }
  const { contentType, ext } = ATTACHMENT_KINDS[kind];
  return {
    fileName: cleanFileName(file.name, ext),
    kind,
    contentType,
    data,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
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
 * file renamed .pdf, a truncated download or an HTML page fail it; a reader opens what passes.
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

// Control and format characters (C0, C1, bidi overrides such as U+202E that show
// "photo‮gpj.exe" as "photoexe.jpg", zero-width ones) and line or paragraph separators.
const CONTROLS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const withoutControls = (text: string) => text.normalize('NFC').replace(CONTROLS, '');

/** Longest stored file name, extension included (in characters). */
export const FILE_NAME_MAX = 120;

/**
 * The name a file is shown and sent under: the last part of what the browser sent (no path),
 * without control characters, spaces folded, at most 120 characters, ending in the extension of
 * the type its content was found to be (a PDF named plan.png becomes plan.pdf).
 */
export function cleanFileName(sent: string, ext: string): string {
  const base = withoutControls((sent.split(/[/\\]/).pop() ?? '').replace(/\s+/g, ' '))
    .trim()
    .replace(/^\.+/, '');
  const dot = base.lastIndexOf('.');
  const stated = dot > 0 ? base.slice(dot + 1) : '';
  // An extension (letters first, at most five characters) is replaced; "rev.3" is not one.
  let stem = /^[a-z][a-z0-9]{0,4}$/i.test(stated) ? base.slice(0, dot) : base;
  if (ext === 'jpg' && /^jpe?g$/i.test(stated)) ext = stated.toLowerCase();
  stem =
    [...stem.trim()]
      .slice(0, FILE_NAME_MAX - ext.length - 1)
      .join('')
      .trim() || 'attachment';
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
 * `attachment; filename="…"; filename*=UTF-8''…`: the ASCII fallback for old clients and the
 * exact name for the rest (RFC 6266 and 8187).
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * A stored attachment as a download: always saved, never shown in the page (nothing in it can
 * run as this site), kept by no cache. `X-Content-Type-Options: nosniff`, so no browser
 * second-guesses the stored type, is on every answer of the server (server/headers.ts): set here
 * too, the header would go out twice.
 */
export function attachmentResponse(file: AttachmentFile): Response {
  return new Response(new Uint8Array(file.data), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': contentDisposition(file.fileName),
      'Content-Length': String(file.data.length),
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/**
 * The answer to a download: the file (getAttachmentFile decides who may have it), or the same 404
 * page for every refusal, with `back` as its way out.
 */
export async function attachmentDownload(
  access: AttachmentAccess,
  fileId: string | undefined,
  back: [href: string, label: string],
): Promise<Response> {
  const file = await getAttachmentFile(access, idParam(fileId));
  return file ? attachmentResponse(file) : attachmentNotFound(back);
}

/**
 * The answer for a file that is not there or not the asker's: the same 404 either way, as a page
 * a browser shows (a resource route cannot render the app's error page).
 */
function attachmentNotFound(back: [href: string, label: string]): Response {
  const text = 'There is no file at this address: the link may be mistyped or out of date.';
  return new Response(plainPage('File not found', text, [back]), {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
