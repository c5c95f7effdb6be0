import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { db } from '../db/client.server';
import { contactMessageEvents, contactMessages } from '../db/schema';
import { UserError } from '../errors.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { unwritten } from './enquiries.server';
import { isUnwrittenReply, messageReplyMail } from './mails.server';
import type { Actor, Tx } from './shared.server';

export const MESSAGES_PAGE_SIZE = 25;
export type MessageFilter = 'open' | 'handled' | 'all';

/** One contact message in the list (the text cut short). */
export interface MessageRow {
  id: number;
  name: string;
  email: string;
  excerpt: string;
  handled: boolean;
  read: boolean;
  createdAt: Date;
}

/** Contact-form messages, newest first: open ones (the default), handled ones or all. */
export async function listMessages(
  filter: MessageFilter,
  page: number,
): Promise<{ items: MessageRow[]; total: number; page: number; pages: number }> {
  const where = filter === 'all' ? undefined : eq(contactMessages.handled, filter === 'handled');
  const [[{ n } = { n: 0 }], rows] = await Promise.all([
    db().select({ n: count() }).from(contactMessages).where(where),
    db()
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        handled: contactMessages.handled,
        readAt: contactMessages.readAt,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(MESSAGES_PAGE_SIZE)
      .offset((page - 1) * MESSAGES_PAGE_SIZE),
  ]);
  const total = Number(n);
  return {
    items: rows.map(({ message, readAt, ...r }) => ({
      ...r,
      read: readAt !== null,
      excerpt: message.length > 140 ? `${message.slice(0, 140)}…` : message,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE)),
  };
}

/** A contact message with its history, as staff read it. */
export interface MessageCase {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  handled: boolean;
  readAt: Date | null;
  createdAt: Date;
  /** The privacy notice's version the form was sent with; null for messages from before. */
  privacyNoticeVersion: string | null;
  events: {
    id: number;
    kind: 'reply' | 'handled' | 'reopened';
    actorName: string;
    body: string | null;
    createdAt: Date;
  }[];
}

/**
 * A message with its history, as staff read it; null when there is none with this id. Reading
 * changes nothing: a GET (a prefetch, a link preview, a reload) must not mark it read.
 */
export async function readMessage(id: number): Promise<MessageCase | null> {
  const [row] = await db()
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      handled: contactMessages.handled,
      readAt: contactMessages.readAt,
      createdAt: contactMessages.createdAt,
      privacyNoticeVersion: contactMessages.privacyNoticeVersion,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  if (!row) return null;
  const events = await db()
    .select({
      id: contactMessageEvents.id,
      kind: contactMessageEvents.kind,
      actorName: contactMessageEvents.actorName,
      body: contactMessageEvents.body,
      createdAt: contactMessageEvents.createdAt,
    })
    .from(contactMessageEvents)
    .where(eq(contactMessageEvents.messageId, id))
    .orderBy(asc(contactMessageEvents.createdAt), asc(contactMessageEvents.id));
  return { ...row, events };
}

/**
 * Marks a message read (the list shows unread ones in bold): posted by the message's page once it
 * has shown the message, and done by any reply or change of state. The first time counts.
 */
export async function markMessageRead(id: number, tx?: Tx): Promise<void> {
  await (tx ?? db())
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
}

async function lockMessage(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      handled: contactMessages.handled,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update');
  if (!row) throw new UserError('This message no longer exists.', 404);
  return row;
}

async function setHandled(tx: Tx, actor: Actor, id: number, handled: boolean) {
  await tx.update(contactMessages).set({ handled }).where(eq(contactMessages.id, id));
  await tx.insert(contactMessageEvents).values({
    messageId: id,
    kind: handled ? 'handled' : 'reopened',
    actorId: actor.id,
    actorName: actor.name,
  });
}

/** Marks a message handled, or reopens it; recorded with who and when. No change, no entry. */
export async function setMessageHandled(
  actor: Actor,
  id: number,
  handled: boolean,
): Promise<{ changed: boolean }> {
  return db().transaction(async (tx) => {
    const message = await lockMessage(tx, id);
    await markMessageRead(id, tx);
    if (message.handled === handled) return { changed: false };
    await setHandled(tx, actor, id, handled);
    return { changed: true };
  });
}

/**
 * E-mails a reply to the sender through the mail queue (Reply-To the company address), exactly
 * as written, and keeps it in the message's history; `markHandled` also closes the message in the same step.
 */
export async function replyToMessage(
  actor: Actor,
  id: number,
  body: string,
  { markHandled }: { markHandled: boolean },
): Promise<{ to: string }> {
  const to = await db().transaction(async (tx) => {
    const message = await lockMessage(tx, id);
    if (isUnwrittenReply(body, message.name, actor.name)) throw unwritten();
    await markMessageRead(id, tx);
    const mail = messageReplyMail({ to: message.email, body });
    await tx.insert(contactMessageEvents).values({
      messageId: id,
      kind: 'reply',
      actorId: actor.id,
      actorName: actor.name,
      body: mail.text,
    });
    if (markHandled && !message.handled) await setHandled(tx, actor, id, true);
    await queueMail(tx, [mail]);
    return message.email;
  });
  deliverSoon();
  return { to };
}
