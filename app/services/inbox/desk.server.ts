import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { ManualEnquiry } from '~/lib/schemas/desk';
import { isListed } from '../catalogue/products.server';
import { db } from '../db/client.server';
import {
  contactMessageEvents,
  contactMessages,
  enquiries,
  products,
  user,
  type EnquirySource,
} from '../db/schema';
import { createEnquiry, type CreatedEnquiry } from '../enquiries/enquiries.server';
import { UserError } from '../errors.server';
import { ValidationError } from '../forms.server';
import { lockEnquiry } from './enquiries.server';
import { recordEnquiryEvent } from './events.server';
import { likePattern, type Actor } from './shared.server';

/** A member of staff who can be given an enquiry. */
export interface StaffMember {
  id: string;
  name: string;
}

/** Everyone with the admin role, by name: who an enquiry can be assigned to. */
export async function listStaff(): Promise<StaffMember[]> {
  const rows = await db()
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.name), asc(user.email));
  return rows.map((r) => ({ id: r.id, name: r.name?.trim() || r.email }));
}

/**
 * Gives an enquiry to a member of staff (or to nobody, `null`), recorded in its timeline with who
 * did it and to whom. The same assignee again changes nothing; someone who is not staff is refused.
 */
export async function assignEnquiry(
  actor: Actor,
  enquiryId: number,
  assigneeId: string | null,
): Promise<{ changed: boolean; assignee: StaffMember | null }> {
  return db().transaction(async (tx) => {
    await lockEnquiry(tx, enquiryId);
    const [current] = await tx
      .select({ assigneeId: enquiries.assigneeId })
      .from(enquiries)
      .where(eq(enquiries.id, enquiryId));
    let assignee: StaffMember | null = null;
    if (assigneeId) {
      const [row] = await tx
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(and(eq(user.id, assigneeId), eq(user.role, 'admin')));
      if (!row) throw new UserError('Choose a member of staff from the list.', 400, 'assignee');
      assignee = { id: row.id, name: row.name?.trim() || row.email };
    }
    if ((current?.assigneeId ?? null) === assigneeId) return { changed: false, assignee };
    await tx.update(enquiries).set({ assigneeId }).where(eq(enquiries.id, enquiryId));
    await recordEnquiryEvent(tx, {
      enquiryId,
      kind: 'assigned',
      actorId: actor.id,
      actorName: actor.name,
      body: assignee?.name ?? null,
    });
    return { changed: true, assignee };
  });
}

/** Catalogue products whose name contains `q` (listed ones only), for picking an enquiry's items. */
export async function findCatalogueProducts(
  q: string,
  limit = 10,
): Promise<{ id: number; name: string }[]> {
  const text = q.trim();
  if (!text) return [];
  const byId = /^#?(\d{1,9})$/.exec(text);
  return db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        isListed,
        byId ? eq(products.id, Number(byId[1])) : ilike(products.name, likePattern(text)),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit);
}

/** How a picked product reads in its field: its name and its number, as the suggestions show it. */
export const productPick = (p: { id: number; name: string }) => `${p.name} (#${p.id})`;

const NOT_IN_CATALOGUE =
  'Pick a product from the catalogue: its name as listed, or its number such as #12.';

/**
 * The catalogue products named by an enquiry's lines: a line names one by its number ('#12',
 * 'Goal net (#12)') or by its exact name. Every line that names none on the shop gets its
 * message at once (400).
 */
async function resolveLines(
  lines: ManualEnquiry['lines'],
): Promise<{ productId: number; quantity: number }[]> {
  const ids = lines.map((l) => /(?:^|\(|\s)#(\d{1,9})\)?\s*$/.exec(l.product)?.[1]);
  const names = lines.filter((_, i) => !ids[i]).map((l) => l.product.toLowerCase());
  const [byId, byName] = await Promise.all([
    ids.some(Boolean)
      ? db()
          .select({ id: products.id })
          .from(products)
          .where(and(isListed, inArray(products.id, ids.filter(Boolean).map(Number))))
      : [],
    names.length
      ? db()
          .select({ id: products.id, name: sql<string>`lower(${products.name})` })
          .from(products)
          .where(and(isListed, inArray(sql`lower(${products.name})`, names)))
          .orderBy(asc(products.id))
      : [],
  ]);
  const listed = new Set(byId.map((p) => p.id));
  const named = new Map<string, number>();
  for (const p of byName) if (!named.has(p.name)) named.set(p.name, p.id);
  const fields: Record<string, string> = {};
  const items = lines.map((l, i) => {
    const id = ids[i] ? Number(ids[i]) : named.get(l.product.toLowerCase());
    if (!id || (ids[i] && !listed.has(id))) fields[`product-${l.index}`] = NOT_IN_CATALOGUE;
    return { productId: id ?? 0, quantity: l.quantity };
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return items;
}

const SOURCE_TEXT: Record<EnquirySource, string> = {
  web: 'through the shop',
  phone: 'by phone',
  email: 'by e-mail',
  walk_in: 'in person',
  contact_form: 'through the contact form',
};

/** How an enquiry came in, in words ('by phone'). */
export const sourceText = (source: EnquirySource) => SOURCE_TEXT[source];

/**
 * An enquiry staff enter by hand (a phone call, an e-mail, a visit, or a contact-form message):
 * stored by the shop's own enquiry service, so it has a reference, its items' snapshots, the
 * buyer's acknowledgement and everything an enquiry from the cart has, with a timeline entry
 * naming who entered it. Made from a contact message (`fromMessage`), it keeps that message in its
 * timeline, links to it, and marks it handled, all in the same transaction; a message already
 * made into an enquiry is refused with 409 and that enquiry's reference.
 */
export async function createEnquiryByHand(
  actor: Actor,
  input: ManualEnquiry,
): Promise<CreatedEnquiry> {
  const items = await resolveLines(input.lines);
  const fromMessage = input.fromMessage ?? null;
  if (fromMessage) await refuseConverted(fromMessage);
  return createEnquiry({
    items,
    message: input.message,
    idempotencyKey: input.idempotencyKey,
    organisation: input.organisation,
    contact: { name: input.name, email: input.email, phone: input.phone },
    source: fromMessage ? 'contact_form' : (input.source ?? 'phone'),
    contactMessageId: fromMessage ?? undefined,
    within: async (tx, enquiry) => {
      if (fromMessage) {
        const [message] = await tx
          .select({
            name: contactMessages.name,
            message: contactMessages.message,
            handled: contactMessages.handled,
            createdAt: contactMessages.createdAt,
          })
          .from(contactMessages)
          .where(eq(contactMessages.id, fromMessage))
          .for('update');
        if (!message) throw new UserError('This message no longer exists.', 404);
        // Dated when it was sent, so the timeline starts with the buyer's own words.
        await recordEnquiryEvent(tx, {
          enquiryId: enquiry.id,
          kind: 'message',
          actorName: message.name,
          body: message.message,
          createdAt: message.createdAt,
        });
        await tx
          .update(contactMessages)
          .set({ handled: true, readAt: sql`coalesce(${contactMessages.readAt}, now())` })
          .where(eq(contactMessages.id, fromMessage));
        if (!message.handled)
          await tx.insert(contactMessageEvents).values({
            messageId: fromMessage,
            kind: 'handled',
            actorId: actor.id,
            actorName: actor.name,
          });
      }
      await recordEnquiryEvent(tx, {
        enquiryId: enquiry.id,
        kind: 'entered',
        actorId: actor.id,
        actorName: actor.name,
        body: SOURCE_TEXT[fromMessage ? 'contact_form' : (input.source ?? 'phone')],
      });
    },
  }).catch(async (error: unknown) => {
    // Two staff turning one message into an enquiry at once: the second is told which one won.
    if (fromMessage) await refuseConverted(fromMessage);
    throw error;
  });
}

/** The enquiry a contact message was turned into, or null. */
export async function enquiryOfMessage(
  messageId: number,
): Promise<{ id: number; reference: string } | null> {
  const [row] = await db()
    .select({ id: enquiries.id, reference: enquiries.reference })
    .from(enquiries)
    .where(eq(enquiries.contactMessageId, messageId));
  return row ?? null;
}

async function refuseConverted(messageId: number): Promise<void> {
  const made = await enquiryOfMessage(messageId);
  if (made)
    throw new UserError(`This message is already enquiry ${made.reference}.`, 409, undefined);
}
