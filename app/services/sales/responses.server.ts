import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser';
import { recordEnquiryEvent } from '../inbox/events.server';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { quotationState, revisionStatus, type QuotationState } from '~/lib/quotation-state';
import {
  declineMessage,
  PO_FILE_FIELD,
  PO_FILE_MAX_BYTES,
  RESPONSE_MESSAGES,
  type AcceptQuotationInput,
  type DeclineQuotationInput,
  type RequestChangesInput,
} from '~/lib/schemas/quotation-response';
import {
  checkedFile,
  checkFileContent,
  recordAttachments,
  withStoredAttachments,
  type StoredAttachment,
} from '../attachments/attachments.server';
import { db } from '../db/client.server';
import {
  enquiries,
  quotationLines,
  quotationResponses,
  quotations,
  type EnquiryStatus,
  type QuotationResponseKind,
  type QuotationStatus,
} from '../db/schema';
import { hashAccessToken, isAccessTokenShape } from '../enquiries/access-token.server';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { lockEnquiry, sentWithGst } from '../inbox/enquiries.server';
import { orderUrl } from '../inbox/mails.server';
import { violatesConstraint } from '../db/errors.server';
import { singaporeDate, type Tx } from '../inbox/shared.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { MAX_IMAGE_PIXELS } from '../media/uploads.server';
import { siteInfo } from '../site.server';
import { addresseeOf } from './addressee.server';
import { responseBuyerMail, responseStaffMail } from './response-mails.server';

/**
 * Who answers a quotation: the holder of the revision's e-mailed link (a guest, or a customer
 * who did not sign in), or the signed-in customer who owns the enquiry, naming the revision.
 */
export type ResponseAccess =
  | { by: 'link'; token: string }
  | {
      by: 'owner';
      user: { id: string; name: string };
      /** The enquiry whose page the answer came from, and the revision it names. */
      enquiryId: number;
      quotationId: number;
    };

/** Where and when the answer was given. */
export interface ResponseContext {
  /** The client's address as the server derived it (the load context's). */
  clientAddress?: string | null;
  /** The clock (tests move it past a revision's valid-until date). */
  now?: Date;
}

/** A purchase order file as received: the name the buyer's computer gave it and its bytes. */
export interface PurchaseOrderUpload {
  fileName: string;
  data: Buffer;
}

/** A forged or unknown link, or someone else's quotation: the same as a missing one. */
const notFound = () => new UserError('There is no quotation at this address.', 404);

// ---------- the buyer's form, read as a stream ----------

/** Room for the text fields and multipart headers next to the largest allowed PO file. */
const FORM_MARGIN = 1024 * 1024;

/**
 * Reads an answer's form: multipart (the acceptance, with its optional PO file) or a plain form.
 * A file over 10 MB is refused once its 10 MB are passed (413, nothing buffered beyond), a
 * second file or a broken body with a 400. A file input left empty sends no file.
 */
export async function readResponseForm(
  request: Request,
): Promise<{ form: FormData; poFile: PurchaseOrderUpload | null }> {
  const files: PurchaseOrderUpload[] = [];
  try {
    const form = await parseFormData(
      request,
      {
        maxFileSize: PO_FILE_MAX_BYTES,
        maxFiles: 1,
        maxTotalSize: PO_FILE_MAX_BYTES + FORM_MARGIN,
        maxParts: 20,
      },
      async (file) => {
        if (file.fieldName !== PO_FILE_FIELD || (!file.name && file.size === 0)) return null;
        files.push({ fileName: file.name, data: Buffer.from(await file.arrayBuffer()) });
        return null;
      },
    );
    return { form, poFile: files[0] ?? null };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      throw new UserError(RESPONSE_MESSAGES.poFileSize, 413, PO_FILE_FIELD);
    if (
      error instanceof MaxFilesExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof FormDataParseError
    )
      throw new UserError('The form could not be read. Please reload the page and try again.', 400);
    throw error;
  }
}

// ---------- the PO file, checked by its content ----------

const PO_KINDS = ['pdf', 'jpeg', 'png'] as const;

/**
 * A PO file checked by its content, with the attachments' own check (a PDF a reader opens, or a
 * JPEG or PNG that decodes within the pixel limit; the name and declared type are the sender's
 * word), its name cleaned, its bytes kept as sent: the PO is a document of the buyer's, stored
 * as they sent it. A refusal is a 4xx about the `poFile` field.
 */
export async function checkPurchaseOrderFile(file: PurchaseOrderUpload) {
  const kind = await checkFileContent(file.data, PO_KINDS, PO_FILE_FIELD, {
    notAllowed: RESPONSE_MESSAGES.poFileType,
    tooManyPixels: `The purchase order image has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
    damaged: RESPONSE_MESSAGES.poFileDamaged,
    password: RESPONSE_MESSAGES.poFilePassword,
  });
  return checkedFile(file.fileName, kind, file.data, 'purchase-order');
}

// ---------- answering a revision ----------

type Answer =
  | ({ kind: 'accepted' } & AcceptQuotationInput & { poFile?: PurchaseOrderUpload | null })
  | { kind: 'declined'; message: string | null }
  | { kind: 'changes_requested'; message: string };

/** Which revision an access names: the quotation and its enquiry, or null (404). */
async function findTarget(
  access: ResponseAccess,
): Promise<{ quotationId: number; enquiryId: number } | null> {
  if (access.by === 'link') {
    if (!isAccessTokenShape(access.token)) return null;
    const [row] = await db()
      .select({ quotationId: quotations.id, enquiryId: quotations.enquiryId })
      .from(quotations)
      .where(eq(quotations.actionTokenHash, hashAccessToken(access.token)));
    return row ?? null;
  }
  const [row] = await db()
    .select({ quotationId: quotations.id, enquiryId: quotations.enquiryId })
    .from(quotations)
    .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
    .where(
      and(
        eq(quotations.id, access.quotationId),
        eq(quotations.enquiryId, access.enquiryId),
        eq(enquiries.userId, access.user.id),
      ),
    );
  return row ?? null;
}

/** The enquiry's status once the answer is in: staff have the next move after these two. */
const WAITING_FOR_STAFF: Partial<Record<QuotationResponseKind, EnquiryStatus>> = {
  accepted: 'in_progress',
  changes_requested: 'in_progress',
};

/** What the buyer's answer did, for the page's confirmation. */
export interface ResponseOutcome {
  kind: QuotationResponseKind;
  number: string;
  /** Where the confirmation was e-mailed (null: no address known). */
  emailedTo: string | null;
}

async function respond(
  access: ResponseAccess,
  answer: Answer,
  context: ResponseContext,
): Promise<ResponseOutcome> {
  const target = await findTarget(access);
  if (!target) throw notFound();
  const now = context.now ?? new Date();
  // The file is checked and stored before the transaction (no row lock held while a PDF is
  // parsed), and removed again if the answer is refused.
  const files =
    answer.kind === 'accepted' && answer.poFile
      ? [await checkPurchaseOrderFile(answer.poFile)]
      : [];
  try {
    const outcome = await withStoredAttachments(target.enquiryId, files, ([file]) =>
      db().transaction((tx) => record(tx, access, target, answer, file ?? null, context, now)),
    );
    deliverSoon();
    return outcome;
  } catch (error) {
    // Two answers at once: the row lock orders them and the second is refused above; the
    // unique index is the backstop should anything write without the lock.
    if (violatesConstraint(error, 'unique', 'quotation_responses_final_idx'))
      throw new UserError(
        'This quotation has already been answered. Reload the page to see how.',
        409,
      );
    throw error;
  }
}

async function record(
  tx: Tx,
  access: ResponseAccess,
  target: { quotationId: number; enquiryId: number },
  answer: Answer,
  file: StoredAttachment | null,
  context: ResponseContext,
  now: Date,
): Promise<ResponseOutcome> {
  // The enquiry first, then the revision: the order a send takes them in (it locks the enquiry,
  // then supersedes its open revisions), so an answer and a new revision queue one behind the
  // other instead of deadlocking.
  const enquiry = await lockEnquiry(tx, target.enquiryId);
  if (access.by === 'owner' && enquiry.userId !== access.user.id) throw notFound();
  const [quotation] = await tx
    .select({
      id: quotations.id,
      number: quotations.number,
      sequence: quotations.sequence,
      status: quotations.status,
      validUntil: quotations.validUntil,
      totalCents: quotations.totalCents,
      gstRegNo: quotations.gstRegNo,
      pdfSha256: quotations.pdfSha256,
      actionTokenHash: quotations.actionTokenHash,
    })
    .from(quotations)
    .where(eq(quotations.id, target.quotationId))
    .for('update');
  if (!quotation) throw notFound();
  if (access.by === 'link' && quotation.actionTokenHash !== hashAccessToken(access.token))
    throw notFound();
  const [newer] = await tx
    .select({ number: quotations.number })
    .from(quotations)
    .where(and(eq(quotations.enquiryId, enquiry.id), gt(quotations.sequence, quotation.sequence)))
    .orderBy(desc(quotations.sequence))
    .limit(1);
  // A later revision replaces this one whether or not its send marked this one superseded.
  const status: QuotationStatus = newer ? 'superseded' : quotation.status;
  const { state, canRespond } = quotationState(status, quotation.validUntil, now);
  if (!canRespond) throw await refusal(tx, state, quotation, newer?.number ?? null);

  const name =
    answer.kind === 'accepted'
      ? answer.name
      : access.by === 'owner'
        ? access.user.name
        : enquiry.contactName;
  const message = answer.kind === 'accepted' ? null : answer.message;
  const [response] = await tx
    .insert(quotationResponses)
    .values({
      quotationId: quotation.id,
      kind: answer.kind,
      userId: access.by === 'owner' ? access.user.id : null,
      name,
      designation: answer.kind === 'accepted' ? answer.designation : null,
      poNumber: answer.kind === 'accepted' ? answer.poNumber || null : null,
      message,
      clientAddress: context.clientAddress ?? null,
      pdfSha256: quotation.pdfSha256,
      createdAt: now,
    })
    .returning({ id: quotationResponses.id });
  await tx.update(quotations).set({ status: answer.kind }).where(eq(quotations.id, quotation.id));
  if (file)
    await recordAttachments(tx, enquiry.id, 'purchase_order', [file], { responseId: response!.id });
  const toStatus = WAITING_FOR_STAFF[answer.kind];
  const moves = toStatus !== undefined && toStatus !== enquiry.status;
  if (moves)
    await tx.update(enquiries).set({ status: toStatus }).where(eq(enquiries.id, enquiry.id));
  await recordEnquiryEvent(tx, {
    enquiryId: enquiry.id,
    kind: answer.kind,
    actorId: access.by === 'owner' ? access.user.id : null,
    actorName: name,
    body: message,
    quotationId: quotation.id,
    fromStatus: moves ? enquiry.status : null,
    toStatus: moves ? toStatus : null,
    createdAt: now,
  });
  const mail = {
    kind: answer.kind,
    number: quotation.number,
    reference: enquiry.reference,
    totalCents: quotation.totalCents,
    gstRegistered: quotation.gstRegNo !== null,
    name,
    designation: answer.kind === 'accepted' ? answer.designation : null,
    poNumber: answer.kind === 'accepted' ? answer.poNumber || null : null,
    poFile: file ? { fileName: file.fileName, size: file.data.length } : null,
    message,
    customerName: enquiry.contactName,
    organisation: enquiry.organisation,
    buyerEmail: enquiry.replyTo,
    staffUrl: `${env().publicUrl}/admin/enquiries/${enquiry.id}`,
    buyerUrl: enquiry.userId ? orderUrl(enquiry.id) : null,
    companyEmail: env().ENQUIRY_EMAIL,
  };
  const buyer = responseBuyerMail(mail);
  await queueMail(tx, [responseStaffMail(mail), ...(buyer ? [buyer] : [])]);
  return { kind: answer.kind, number: quotation.number, emailedTo: buyer ? buyer.to : null };
}

/** Why a revision cannot be answered any more, as the buyer is told it (nothing is changed). */
async function refusal(
  tx: Tx,
  state: QuotationState,
  quotation: { id: number; number: string; validUntil: Date },
  newer: string | null,
): Promise<UserError> {
  switch (state) {
    case 'superseded':
      return new UserError(
        `A newer revision, ${newer ?? 'sent since'}, replaces this quotation. Please answer that one: it came with its own e-mail.`,
        409,
      );
    case 'expired':
      return new UserError(
        `This quotation expired on ${singaporeDate(quotation.validUntil)}. Please ask us for a new revision: reply to our e-mail or call ${siteInfo().phone}.`,
        410,
      );
    case 'accepted':
    case 'declined': {
      const [answered] = await tx
        .select({ name: quotationResponses.name, createdAt: quotationResponses.createdAt })
        .from(quotationResponses)
        .where(
          and(eq(quotationResponses.quotationId, quotation.id), eq(quotationResponses.kind, state)),
        );
      const when = answered ? ` on ${singaporeDate(answered.createdAt)}` : '';
      return new UserError(
        state === 'accepted'
          ? `Quotation ${quotation.number} was already accepted${when}${answered?.name ? ` by ${answered.name}` : ''}.`
          : `Quotation ${quotation.number} was already declined${when}.`,
        409,
      );
    }
    default:
      return new UserError('This quotation cannot be answered.', 409);
  }
}

/**
 * Accepts a revision: who (name and designation), the PO number and an optional PO file (a PDF,
 * JPEG or PNG by content, at most 10 MB, kept in private storage). Recorded with the client's
 * address and the SHA-256 of the PDF the buyer was shown; the revision becomes accepted, the
 * enquiry In progress (staff confirm the order: it is not made automatically, because the
 * company checks stock, lead time and the PO first), the timeline and both sides' e-mails in the
 * same transaction. Refused (409/410, nothing changed) once answered, superseded or expired; an
 * unknown or forged link, or someone else's quotation, is a 404 like a missing one.
 */
export function acceptQuotation(
  access: ResponseAccess,
  input: AcceptQuotationInput & { poFile?: PurchaseOrderUpload | null },
  context: ResponseContext = {},
): Promise<ResponseOutcome> {
  return respond(access, { kind: 'accepted', ...input }, context);
}

/** Declines a revision, with the reason chosen and/or written (as acceptQuotation otherwise). */
export function declineQuotation(
  access: ResponseAccess,
  input: DeclineQuotationInput,
  context: ResponseContext = {},
): Promise<ResponseOutcome> {
  return respond(access, { kind: 'declined', message: declineMessage(input) }, context);
}

/**
 * Asks for changes to a revision: the message reaches staff in the timeline and by e-mail, and
 * the enquiry goes back to In progress, the inbox's "waiting for us", until a new revision is
 * sent. The revision stays answerable (the buyer may still accept it as it stands).
 */
export function requestChanges(
  access: ResponseAccess,
  input: RequestChangesInput,
  context: ResponseContext = {},
): Promise<ResponseOutcome> {
  return respond(access, { kind: 'changes_requested', message: input.message }, context);
}

// ---------- what the buyer is shown ----------

/** A line as the buyer's page lists it. */
export interface BuyerQuotationLine {
  description: string;
  note: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  lineTotalCents: number;
}

/** One revision of the enquiry, as the list of revisions shows it. */
export interface RevisionSummary {
  number: string;
  sequence: number;
  createdAt: Date;
  validUntil: Date;
  totalCents: number;
  /** Whether the company was GST-registered when it was sent (else its total has no GST). */
  gstRegistered: boolean;
  /** Its status with a newer revision counted as superseding it (state computed by the page). */
  status: QuotationStatus;
}

/** A revision as the buyer reads it on the link's page or on My Enquiries. */
export interface BuyerQuotation {
  id: number;
  enquiryId: number;
  reference: string;
  number: string;
  sequence: number;
  createdAt: Date;
  validUntil: Date;
  status: QuotationStatus;
  attention: { name: string; organisation: string | null; address: string | null };
  buyerReference: string | null;
  gebizReference: string | null;
  gstRegNo: string | null;
  gstRateBasisPoints: number;
  lines: BuyerQuotationLine[];
  subtotalCents: number;
  discountCents: number;
  gstCents: number;
  totalCents: number;
  terms: string;
  /** The newer revision that replaces this one (its number only: its link is in its own e-mail). */
  newer: string | null;
  /** The final answer (accepted or declined): who and when. */
  answer: {
    kind: 'accepted' | 'declined';
    name: string | null;
    designation: string | null;
    poNumber: string | null;
    message: string | null;
    createdAt: Date;
  } | null;
  revisions: RevisionSummary[];
  /** When the buyer last answered this revision (a new answer starts the forms afresh). */
  lastAnsweredAt: Date | null;
}

const buyerColumns = {
  id: quotations.id,
  enquiryId: quotations.enquiryId,
  reference: enquiries.reference,
  number: quotations.number,
  sequence: quotations.sequence,
  createdAt: quotations.createdAt,
  validUntil: quotations.validUntil,
  status: quotations.status,
  attentionName: quotations.attentionName,
  attentionOrganisation: quotations.attentionOrganisation,
  attentionAddress: quotations.attentionAddress,
  contactName: enquiries.contactName,
  organisation: enquiries.organisation,
  address: enquiries.address,
  buyerReference: quotations.buyerReference,
  gebizReference: quotations.gebizReference,
  poReference: enquiries.poReference,
  gstRegNo: quotations.gstRegNo,
  gstRateBasisPoints: quotations.gstRateBasisPoints,
  subtotalCents: quotations.subtotalCents,
  discountCents: quotations.discountCents,
  gstCents: quotations.gstCents,
  totalCents: quotations.totalCents,
  terms: quotations.terms,
};

/** Revisions with their enquiry's fallbacks for what older revisions did not store. */
const selectBuyerRows = () =>
  db()
    .select(buyerColumns)
    .from(quotations)
    .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId));

type BuyerRow = Awaited<ReturnType<typeof selectBuyerRows>>[number];

async function buyerView(row: BuyerRow): Promise<BuyerQuotation> {
  const [lines, revisions, answers] = await Promise.all([
    db()
      .select({
        description: quotationLines.description,
        note: quotationLines.note,
        quantity: quotationLines.quantity,
        unitPriceCents: quotationLines.unitPriceCents,
        discountCents: quotationLines.discountCents,
        lineTotalCents: quotationLines.lineTotalCents,
      })
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, row.id))
      .orderBy(asc(quotationLines.position)),
    db()
      .select({
        number: quotations.number,
        sequence: quotations.sequence,
        createdAt: quotations.createdAt,
        validUntil: quotations.validUntil,
        totalCents: quotations.totalCents,
        gstRegistered: sentWithGst,
        status: quotations.status,
      })
      .from(quotations)
      .where(eq(quotations.enquiryId, row.enquiryId))
      .orderBy(asc(quotations.sequence)),
    db()
      .select({
        kind: quotationResponses.kind,
        name: quotationResponses.name,
        designation: quotationResponses.designation,
        poNumber: quotationResponses.poNumber,
        message: quotationResponses.message,
        createdAt: quotationResponses.createdAt,
      })
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, row.id))
      .orderBy(desc(quotationResponses.createdAt)),
  ]);
  const latest = revisions.at(-1)!;
  const superseding = (r: { sequence: number; status: QuotationStatus }) =>
    revisionStatus(r.status, r.sequence === latest.sequence);
  const answer = answers.find(
    (a): a is typeof a & { kind: 'accepted' | 'declined' } =>
      a.kind === 'accepted' || a.kind === 'declined',
  );
  return {
    id: row.id,
    enquiryId: row.enquiryId,
    reference: row.reference,
    number: row.number,
    sequence: row.sequence,
    createdAt: row.createdAt,
    validUntil: row.validUntil,
    status: superseding(row),
    attention: addresseeOf(row),
    buyerReference: row.buyerReference ?? row.poReference,
    gebizReference: row.gebizReference,
    gstRegNo: row.gstRegNo,
    gstRateBasisPoints: row.gstRateBasisPoints,
    lines,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
    terms: row.terms,
    newer: row.sequence < latest.sequence ? latest.number : null,
    answer: answer ?? null,
    revisions: revisions.map((r) => ({ ...r, status: superseding(r) })),
    lastAnsweredAt: answers[0]?.createdAt ?? null,
  };
}

/** The revision behind a buyer's link, or null for a forged, unknown or malformed token. */
export async function getQuotationByToken(token: string): Promise<BuyerQuotation | null> {
  if (!isAccessTokenShape(token)) return null;
  const [row] = await selectBuyerRows().where(
    eq(quotations.actionTokenHash, hashAccessToken(token)),
  );
  return row ? buyerView(row) : null;
}

/**
 * The latest revision of a signed-in customer's enquiry (the one their page lets them answer),
 * or null when it has none or it is not theirs.
 */
export async function getLatestQuotationForOwner(
  userId: string,
  enquiryId: number,
): Promise<BuyerQuotation | null> {
  const [row] = await selectBuyerRows()
    .where(and(eq(quotations.enquiryId, enquiryId), eq(enquiries.userId, userId)))
    .orderBy(desc(quotations.sequence))
    .limit(1);
  return row ? buyerView(row) : null;
}

/**
 * A revision's PDF for the holder of a link to any revision of the same enquiry (every revision
 * stays readable by both sides), by its file name `<number>.pdf`; null for anything else.
 */
export async function getQuotationPdfByToken(
  token: string,
  fileName: string,
): Promise<{ number: string; pdf: Buffer } | null> {
  if (!isAccessTokenShape(token)) return null;
  const [linked] = await db()
    .select({ enquiryId: quotations.enquiryId })
    .from(quotations)
    .where(eq(quotations.actionTokenHash, hashAccessToken(token)));
  if (!linked) return null;
  const [row] = await db()
    .select({ number: quotations.number, pdf: quotations.pdf })
    .from(quotations)
    .where(
      and(
        eq(quotations.enquiryId, linked.enquiryId),
        eq(quotations.number, fileName.replace(/\.pdf$/i, '')),
      ),
    );
  return row ?? null;
}

/** Whether a link opens a quotation (checked before an answer's body is read). */
export async function quotationLinkExists(token: string): Promise<boolean> {
  if (!isAccessTokenShape(token)) return false;
  const [row] = await db()
    .select({ id: quotations.id })
    .from(quotations)
    .where(eq(quotations.actionTokenHash, hashAccessToken(token)));
  return Boolean(row);
}
