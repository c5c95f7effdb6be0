import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { EnquiryBase } from '~/lib/schemas/enquiry';
import { db } from '../db/client.server';
import { cartItems, enquiries, enquiryItems, products, type EnquiryStatus } from '../db/schema';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { enquiryMails } from './mails.server';

export interface EnquiryContact {
  name: string;
  email?: string;
  phone?: string;
}

export interface NewEnquiry extends Omit<
  EnquiryBase,
  'promoCode' | 'organisation' | 'poReference'
> {
  promoCode?: string;
  organisation?: string;
  poReference?: string;
  contact: EnquiryContact;
  userId?: string | null;
}

export interface EnquiryView {
  id: number;
  reference: string;
  status: EnquiryStatus;
  createdAt: Date;
  message: string;
  promoCode: string | null;
  organisation: string | null;
  poReference: string | null;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  items: { productId: number | null; name: string; quantity: number }[];
}

/** A reference a customer can quote on the phone: FH-2026-7K3Q9M (no 0/O or 1/I). */
function newReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = randomBytes(6);
  const code = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `FH-${new Date().getFullYear()}-${code}`;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i++) {
    const c = e as { code?: string; constraint?: string; cause?: unknown; message?: string };
    if (c.code === '23505' && (c.constraint === constraint || c.message?.includes(constraint)))
      return true;
    e = c.cause;
  }
  return false;
}

async function findByKey(key: string) {
  const [row] = await db()
    .select({ id: enquiries.id, reference: enquiries.reference })
    .from(enquiries)
    .where(eq(enquiries.idempotencyKey, key));
  return row;
}

/**
 * Stores an enquiry with all its items and its two e-mails in one transaction, removing the
 * enquired lines from a signed-in customer's cart in it. The same
 * idempotency key never makes two enquiries: a repeat returns the first. Mail is sent after the
 * commit; a failure leaves it queued for retry and never fails the enquiry.
 */
export async function createEnquiry(
  input: NewEnquiry,
): Promise<{ id: number; reference: string; duplicate: boolean }> {
  const existing = await findByKey(input.idempotencyKey);
  if (existing) return { ...existing, duplicate: true };
  const quantities = new Map<number, number>();
  for (const item of input.items)
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  let created: { id: number; reference: string };
  try {
    created = await db().transaction(async (tx) => {
      const found = await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, [...quantities.keys()]));
      if (found.length !== quantities.size) {
        throw new UserError(
          'Some products in your cart are no longer available. Please remove them and try again.',
          409,
        );
      }
      const names = new Map(found.map((p) => [p.id, p.name]));
      const [enquiry] = await tx
        .insert(enquiries)
        .values({
          reference: newReference(),
          userId: input.userId ?? null,
          contactName: input.contact.name,
          contactEmail: input.contact.email ?? null,
          contactPhone: input.contact.phone ?? null,
          organisation: input.organisation ?? null,
          poReference: input.poReference ?? null,
          message: input.message,
          promoCode: input.promoCode ?? null,
          idempotencyKey: input.idempotencyKey,
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
      // A signed-in customer's cart lines go with the enquiry that holds them, in the same
      // transaction: never an enquiry with the cart still full, nor an emptied cart without one.
      if (input.userId) {
        await tx
          .delete(cartItems)
          .where(
            and(
              eq(cartItems.userId, input.userId),
              inArray(cartItems.productId, [...quantities.keys()]),
            ),
          );
      }
      await queueMail(
        tx,
        enquiryMails({
          reference: enquiry!.reference,
          createdAt: enquiry!.createdAt,
          contact: input.contact,
          organisation: input.organisation,
          poReference: input.poReference,
          message: input.message,
          promoCode: input.promoCode,
          items: items.map((i) => ({
            productId: i.productId,
            name: i.productName,
            quantity: i.quantity,
          })),
          publicUrl: env().publicUrl,
          companyEmail: env().ENQUIRY_EMAIL,
          siteName: env().SITE_NAME,
        }),
      );
      return { id: enquiry!.id, reference: enquiry!.reference };
    });
  } catch (error) {
    // A concurrent submit with the same key won the race: answer with its enquiry.
    if (isUniqueViolation(error, 'enquiries_idempotency_key_idx')) {
      const first = await findByKey(input.idempotencyKey);
      if (first) return { ...first, duplicate: true };
    }
    throw error;
  }
  deliverSoon();
  return { ...created, duplicate: false };
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
