import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { GUEST_NAME } from '~/lib/constants';
import { formValues } from '~/lib/forms';
import { cleanName } from '~/lib/schemas/name';
import {
  ENQUIRY_MESSAGES,
  MAX_QUANTITY,
  EnquiryFormSchema,
  enquiryItemsSchema,
  GuestEnquiryFormSchema,
  type EnquiryForm,
  type EnquiryItem,
  type GuestContact,
} from '~/lib/schemas/enquiry';
import {
  checkAttachments,
  putAttachments,
  recordAttachments,
  removeStoredAttachments,
  type AttachmentUpload,
  type CheckedAttachment,
  type StoredAttachment,
} from '../attachments/attachments.server';
import { isListed } from '../catalogue/products.server';
import { db, rowsOf, type Database } from '../db/client.server';
import { violatesConstraint } from '../db/errors.server';
import {
  cartItems,
  enquiries,
  enquiryItems,
  products,
  type EnquirySource,
  type EnquiryStatus,
} from '../db/schema';
import { env } from '../env.server';
import { privacyNoticeVersionOf } from '../privacy/notice.server';
import { UserError } from '../errors.server';
import { checkTogether, parseInput } from '../forms.server';
import { mayAcknowledge } from '../mail/acknowledgements.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { clientAddress, hitRateLimit } from '../rate-limit.server';
import {
  confirmationPath,
  hashAccessToken,
  isAccessTokenShape,
  maskEmail,
  maskName,
  maskPhone,
  newAccessToken,
} from './access-token.server';
import { enquiryMails } from './mails.server';

export interface EnquiryContact {
  name: string;
  email?: string;
  phone?: string;
}

export interface NewEnquiry {
  /**
   * The lines, or `{ cartOf }`: that user's whole server cart, taken out of the cart in the
   * enquiry's transaction, so two tabs sending one cart make one enquiry ('Your cart is empty!').
   */
  items: EnquiryItem[] | { cartOf: string };
  message: string;
  idempotencyKey: string;
  promoCode?: string;
  organisation?: string;
  poReference?: string;
  /** Where the goods go or the work is done (lines kept). */
  address?: string;
  contact: EnquiryContact;
  userId?: string | null;
  /** Checked files (site photos, drawings) to store with the enquiry. */
  attachments?: CheckedAttachment[];
  /** How it came in (the cart's enquiries are 'web'). */
  source?: EnquirySource;
  /** The contact-form message it was made from. */
  contactMessageId?: number;
  /** More writes of the same transaction once the enquiry and its items are stored. */
  within?: (tx: Tx, enquiry: { id: number; reference: string }) => Promise<void>;
  /** The privacy notice's version the form was sent with (privacyNoticeVersionOf). */
  privacyNoticeVersion?: string | null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface EnquiryView {
  id: number;
  reference: string;
  status: EnquiryStatus;
  createdAt: Date;
  message: string;
  promoCode: string | null;
  organisation: string | null;
  poReference: string | null;
  address: string | null;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  items: { productId: number | null; name: string; quantity: number }[];
}

// The shop's year, not the server's (UTC): an enquiry at 00:30 on 1 January is the new year's.
const singaporeYear = new Intl.DateTimeFormat('en-SG', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
});

/** A reference a customer can quote on the phone: FH-2026-7K3Q9M (no 0/O or 1/I). */
function newReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = randomBytes(6);
  const code = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `FH-${singaporeYear.format(new Date())}-${code}`;
}

/** Draws of a reference before a taken one every time is an error (one in 10⁹ a year each). */
const REFERENCE_ATTEMPTS = 3;

const CART_UNREADABLE = 'Your cart could not be read. Please reload the page.';
const UNAVAILABLE =
  'Some products in your cart are no longer available. Please remove them and try again.';

async function findByKey(key: string) {
  const [row] = await db()
    .select({ id: enquiries.id, reference: enquiries.reference })
    .from(enquiries)
    .where(eq(enquiries.idempotencyKey, key));
  return row;
}

export interface CreatedEnquiry {
  id: number;
  reference: string;
  duplicate: boolean;
  /**
   * A guest enquiry's confirmation-page token (access-token.server.ts), only in the answer that
   * created it: the database keeps its hash, so a repeated submit gets none.
   */
  accessToken?: string;
}

/**
 * Stores an enquiry with all its items, its attachments' rows and its two e-mails in one
 * transaction (and, with `{ cartOf }`, takes that user's cart lines as its items in the same
 * one). The attachments' files are put in private storage before it, under keys that name the
 * enquiry, and removed again when it stores nothing. The same idempotency key never makes two
 * enquiries: a repeat returns the first. A product gone before its item is stored is a 409 and
 * stores nothing. Mail is sent after the commit; a failure leaves it queued for retry and never
 * fails the enquiry.
 */
export async function createEnquiry(input: NewEnquiry): Promise<CreatedEnquiry> {
  const existing = await findByKey(input.idempotencyKey);
  if (existing) return { ...existing, duplicate: true };
  // A customer finds the enquiry under My Enquiries; a guest only through this link.
  const access = input.userId ? null : newAccessToken();
  const files = input.attachments ?? [];
  // The files' storage keys name the enquiry, and they are stored before its transaction: its id
  // is drawn first (a sequence never hands one number out twice, whatever happens next).
  const id = files.length ? await nextEnquiryId() : undefined;
  const stored = id ? await putAttachments(id, files) : [];
  let created: { id: number; reference: string } | { duplicate: CreatedEnquiry };
  try {
    created = await storeWithFreshReference(input, access, { id, files: stored });
  } catch (error) {
    await removeStoredAttachments(stored);
    throw error;
  }
  if ('duplicate' in created) {
    await removeStoredAttachments(stored);
    return created.duplicate;
  }
  deliverSoon();
  return { ...created, duplicate: false, ...(access ? { accessToken: access.token } : {}) };
}

async function nextEnquiryId(): Promise<number> {
  const result = await db().execute(
    sql`select nextval(pg_get_serial_sequence('enquiries', 'id'))::int as id`,
  );
  return rowsOf<{ id: number }>(result)[0]!.id;
}

/** storeEnquiry, again with another reference when the one drawn is taken. */
async function storeWithFreshReference(
  input: NewEnquiry,
  access: { token: string; hash: string } | null,
  attached: { id?: number; files: StoredAttachment[] },
): Promise<{ id: number; reference: string } | { duplicate: CreatedEnquiry }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeEnquiry(input, access, attached);
    } catch (error) {
      // The reference drawn is taken: the whole transaction again (the cart is back) with another.
      if (
        attempt < REFERENCE_ATTEMPTS &&
        violatesConstraint(error, 'unique', 'enquiries_reference_idx')
      )
        continue;
      // A concurrent submit with the same key won the race: answer with its enquiry.
      if (violatesConstraint(error, 'unique', 'enquiries_idempotency_key_idx')) {
        const first = await findByKey(input.idempotencyKey);
        if (first) return { duplicate: { ...first, duplicate: true } };
      }
      // An admin deleted a product after the check below and before its item was stored.
      if (violatesConstraint(error, 'foreign-key', 'enquiry_items_product_id_products_id_fk'))
        throw new UserError(UNAVAILABLE, 409);
      throw error;
    }
  }
}

/**
 * createEnquiry's transaction: the enquiry, its items, its attachments' rows, its e-mails, and a
 * customer's cart taken.
 */
async function storeEnquiry(
  input: NewEnquiry,
  access: { token: string; hash: string } | null,
  attached: { id?: number; files: StoredAttachment[] },
): Promise<{ id: number; reference: string }> {
  return db().transaction(async (tx) => {
    let lines: EnquiryItem[];
    if (Array.isArray(input.items)) lines = input.items;
    else {
      // Taken, not read: a second tab sending the same cart waits for these rows and finds none.
      // Lines of products off the shop (hidden, in the trash) are not shown in the cart, so they
      // are not sent either; they stay in the cart for when the product is back.
      const taken = await tx
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.userId, input.items.cartOf),
            inArray(
              cartItems.productId,
              tx.select({ id: products.id }).from(products).where(isListed),
            ),
          ),
        )
        .returning({
          id: cartItems.id,
          productId: cartItems.productId,
          quantity: cartItems.quantity,
        });
      const parsed = enquiryItemsSchema.safeParse(
        taken
          .sort((a, b) => a.id - b.id)
          .map(({ productId, quantity }) => ({ productId, quantity })),
      );
      if (!parsed.success) {
        throw new UserError(taken.length ? CART_UNREADABLE : ENQUIRY_MESSAGES.emptyCart, 400);
      }
      lines = parsed.data;
    }
    // A product listed twice is one line; like a cart's line, it holds at most MAX_QUANTITY.
    const quantities = new Map<number, number>();
    for (const item of lines) {
      const sum = (quantities.get(item.productId) ?? 0) + item.quantity;
      quantities.set(item.productId, Math.min(MAX_QUANTITY, sum));
    }
    const found = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(inArray(products.id, [...quantities.keys()]), isListed));
    if (found.length !== quantities.size) throw new UserError(UNAVAILABLE, 409);
    const names = new Map(found.map((p) => [p.id, p.name]));
    const [enquiry] = await tx
      .insert(enquiries)
      .values({
        id: attached.id,
        reference: newReference(),
        userId: input.userId ?? null,
        contactName: input.contact.name,
        contactEmail: input.contact.email ?? null,
        contactPhone: input.contact.phone ?? null,
        organisation: input.organisation ?? null,
        poReference: input.poReference ?? null,
        address: input.address ?? null,
        message: input.message,
        promoCode: input.promoCode ?? null,
        idempotencyKey: input.idempotencyKey,
        accessTokenHash: access?.hash ?? null,
        source: input.source,
        contactMessageId: input.contactMessageId ?? null,
        privacyNoticeVersion: input.privacyNoticeVersion ?? null,
      })
      .returning({
        id: enquiries.id,
        reference: enquiries.reference,
        createdAt: enquiries.createdAt,
      });
    const items = [...quantities].map(([productId, quantity]) => ({
      enquiryId: enquiry!.id,
      productId,
      productName: names.get(productId)!,
      quantity,
    }));
    await tx.insert(enquiryItems).values(items);
    await recordAttachments(tx, enquiry!.id, 'enquiry', attached.files);
    await input.within?.(tx, enquiry!);
    const acknowledge = input.contact.email ? await mayAcknowledge(input.contact.email, tx) : false;
    await queueMail(
      tx,
      enquiryMails({
        reference: enquiry!.reference,
        createdAt: enquiry!.createdAt,
        contact: input.contact,
        organisation: input.organisation,
        poReference: input.poReference,
        address: input.address,
        message: input.message,
        promoCode: input.promoCode,
        items: items.map((i) => ({
          productId: i.productId,
          name: i.productName,
          quantity: i.quantity,
        })),
        attachments: attached.files.map((f) => f.fileName),
        publicUrl: env().publicUrl,
        confirmationUrl: `${env().publicUrl}${access ? confirmationPath(access.token) : `/orders/${enquiry!.id}`}`,
        adminUrl: `${env().publicUrl}/admin/enquiries/${enquiry!.id}`,
        guest: Boolean(access),
        companyEmail: env().ENQUIRY_EMAIL,
        siteName: env().SITE_NAME,
        acknowledge,
      }),
    );
    return { id: enquiry!.id, reference: enquiry!.reference };
  });
}

/** The signed-in customer sending an enquiry: their account's contact details are used. */
export interface EnquiryCustomer {
  id: string;
  name: string | null;
  email: string;
  phone: string | null;
}

export interface EnquirySubmission {
  /** The enquiry form's fields as sent (message, promo code, contact fields, honeypot …). */
  form: FormData;
  /** The signed-in customer, or null for a guest. */
  customer: EnquiryCustomer | null;
  /** A guest's cart lines: from the form (local storage) or the guest cart cookie. Unchecked. */
  guestItems?: unknown;
  /** The files sent with the form (attachments.server's readAttachmentForm). Unchecked. */
  files?: AttachmentUpload[];
  /** The request and its socket address, for the per-network rate limit. */
  request: Request;
  socketAddress: string | undefined;
}

/** The hidden field only bots fill in. */
const HONEYPOT = 'website';

function tooMany(retryAfterSeconds: number): UserError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new UserError(
    `Too many enquiries from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
    429,
  );
}

/**
 * Every rule of sending an enquiry, in order: a filled honeypot is answered as a success and
 * nothing is stored (null); the form (message, optional fields, idempotency key) with the
 * contact (the customer's account, or the guest's details: an e-mail or a phone number, each
 * valid, a blank name becoming 'Guest') and the files (at most three, each checked by its
 * content), every field's message at once with a 400; a repeated idempotency key returns the
 * first enquiry; a guest's lines ('Your cart is empty!'); the per-network rate limit (429). Then
 * the files are stored and, in one transaction, a signed-in customer's server cart is taken as
 * the items ('Your cart is empty!' when another tab took it first) and the enquiry, its items,
 * its attachments' rows and both e-mails are stored.
 */
export async function submitEnquiry(submission: EnquirySubmission): Promise<CreatedEnquiry | null> {
  const { form, customer } = submission;
  const values = formValues(form);
  // A bot fills every field, the hidden one too: answer as if it worked, store nothing.
  if (values[HONEYPOT]) return null;

  // The contact: the customer's account, or what the guest gave, and the files, checked with the
  // rest of the form so that one answer names every field to fix.
  const [{ parsed, contact }, files] = await checkTogether(
    () => parseEnquiryForm(values, customer),
    () => checkAttachments(submission.files ?? []),
  );
  const privacyNoticeVersion = privacyNoticeVersionOf(values);
  // One-line fields as staff see them (cleanName, as the contact's name below).
  const details = {
    message: parsed.message,
    promoCode: parsed.promoCode,
    idempotencyKey: parsed.idempotencyKey,
    organisation: cleanName(parsed.organisation ?? '') || undefined,
    poReference: cleanName(parsed.poReference ?? '') || undefined,
    // An address keeps its lines, each cleaned as a name is; blank lines go.
    address:
      (parsed.address ?? '').split('\n').map(cleanName).filter(Boolean).join('\n') || undefined,
  };
  // A double submit of one form (a second tap, a retried request) is answered with the first.
  const existing = await findByKey(details.idempotencyKey);
  if (existing) return { ...existing, duplicate: true };

  // A customer's server cart is taken in the enquiry's transaction (createEnquiry).
  const items: NewEnquiry['items'] = customer
    ? { cartOf: customer.id }
    : guestItems(submission.guestItems);

  // Charged only for an enquiry about to be stored: a school's staff share one address, and
  // forms refused for a typo (or a retry answered above) must not use up their enquiries.
  const config = env();
  const limit = await hitRateLimit(
    `enquiry:${clientAddress(submission.socketAddress)}`,
    config.ENQUIRY_RATE_LIMIT_MAX,
    config.ENQUIRY_RATE_LIMIT_WINDOW,
  );
  if (!limit.allowed) throw tooMany(limit.retryAfterSeconds);

  return createEnquiry({
    ...details,
    items,
    contact,
    userId: customer?.id ?? null,
    attachments: files,
    privacyNoticeVersion,
  });
}

function parseEnquiryForm(
  values: Record<string, string | string[]>,
  customer: EnquiryCustomer | null,
): { parsed: EnquiryForm; contact: EnquiryContact } {
  if (customer) {
    return {
      parsed: parseInput(EnquiryFormSchema, values),
      contact: {
        name: customer.name?.trim() || customer.email,
        email: customer.email,
        phone: customer.phone ?? undefined,
      },
    };
  }
  const guest = parseInput(GuestEnquiryFormSchema, values);
  return { parsed: guest, contact: guestContact(guest) };
}

function guestItems(claimed: unknown): EnquiryItem[] {
  const items = enquiryItemsSchema.safeParse(claimed);
  if (items.success) return items.data;
  const empty = !Array.isArray(claimed) || claimed.length === 0;
  throw new UserError(empty ? ENQUIRY_MESSAGES.emptyCart : CART_UNREADABLE, 400);
}

function guestContact(guest: GuestContact): EnquiryContact {
  return {
    email: guest.email,
    phone: guest.phone,
    name: cleanName(guest.name ?? '') || GUEST_NAME,
  };
}

async function withItems(rows: (typeof enquiries.$inferSelect)[]): Promise<EnquiryView[]> {
  if (!rows.length) return [];
  const items = await db()
    .select()
    .from(enquiryItems)
    .where(
      inArray(
        enquiryItems.enquiryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(enquiryItems.id);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    status: r.status,
    createdAt: r.createdAt,
    message: r.message,
    promoCode: r.promoCode,
    organisation: r.organisation,
    poReference: r.poReference,
    address: r.address,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    items: items
      .filter((i) => i.enquiryId === r.id)
      .map((i) => ({ productId: i.productId, name: i.productName, quantity: i.quantity })),
  }));
}

/** A user's enquiries, newest first. */
export async function listEnquiries(userId: string): Promise<EnquiryView[]> {
  const rows = await db()
    .select()
    .from(enquiries)
    .where(eq(enquiries.userId, userId))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id));
  return withItems(rows);
}

/** One enquiry of this user, or null (also when it belongs to someone else). */
export async function getEnquiry(userId: string, id: number): Promise<EnquiryView | null> {
  const rows = await db()
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.id, id), eq(enquiries.userId, userId)));
  return (await withItems(rows))[0] ?? null;
}

/**
 * The guest enquiry whose confirmation link carries this token, or null for a token of the wrong
 * shape, a wrong one, or one of a customer's enquiry (those have no token). Also answers the
 * stored hash, which the page needs to tell the sender's browser (access-token.server.ts).
 */
export async function getEnquiryByToken(
  token: string,
): Promise<{ enquiry: EnquiryView; tokenHash: string } | null> {
  if (!isAccessTokenShape(token)) return null;
  const tokenHash = hashAccessToken(token);
  const rows = await db().select().from(enquiries).where(eq(enquiries.accessTokenHash, tokenHash));
  const enquiry = (await withItems(rows))[0];
  return enquiry ? { enquiry, tokenHash } : null;
}

/** What the confirmation page shows of an enquiry (components/orders/enquiry-confirmation.tsx). */
export interface EnquiryConfirmationView {
  id: number;
  reference: string;
  status: EnquiryStatus;
  createdAt: Date;
  items: EnquiryView['items'];
  contact: { name: string; email: string | null; phone: string | null };
  /** What the sender wrote; left out (null) when the view is masked. */
  message: string | null;
  organisation: string | null;
  poReference: string | null;
  address: string | null;
  promoCode: string | null;
  /** The contact details are masked and the sender's words left out (access-token.server.ts). */
  masked: boolean;
}

/**
 * The confirmation page's view of an enquiry: all of it for its owner (the signed-in customer,
 * or the guest's own browser right after sending), and for anyone else holding the link only
 * our reference, the items and the contact details masked, decided here on the server so the
 * full details never reach that browser.
 */
export function confirmationView(e: EnquiryView, masked: boolean): EnquiryConfirmationView {
  return {
    id: e.id,
    reference: e.reference,
    status: e.status,
    createdAt: e.createdAt,
    items: e.items,
    contact: masked
      ? {
          name: maskName(e.contactName),
          email: e.contactEmail && maskEmail(e.contactEmail),
          phone: e.contactPhone && maskPhone(e.contactPhone),
        }
      : { name: e.contactName, email: e.contactEmail, phone: e.contactPhone },
    message: masked ? null : e.message,
    organisation: masked ? null : e.organisation,
    address: masked ? null : e.address,
    poReference: masked ? null : e.poReference,
    promoCode: masked ? null : e.promoCode,
    masked,
  };
}
