import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { formatCents } from '~/lib/money';
import { db } from '../db/client.server';
import {
  cartItems,
  contactMessageEvents,
  contactMessages,
  enquiries,
  enquiryEvents,
  enquiryItems,
  invoices,
  orders,
  products,
  quotationLines,
  quotationResponses,
  quotations,
  session,
  user,
} from '../db/schema';
import { escapeHtml } from '../mail/html.server';
import { singaporeDateTime } from '../inbox/shared.server';
import { personRecordIds } from './erase.server';

/**
 * Everything the shop holds about one person, as they may ask to see it: their account (with the
 * devices signed in and the cart), their enquiries with items, the shop's replies and status
 * changes, quotations, their answers, orders and invoices, and their contact messages with the
 * replies. Staff notes are internal and not part of it; nor are password hashes or secrets.
 */
export interface PersonData {
  generatedAt: string;
  email: string;
  account: {
    name: string;
    email: string;
    phone: string | null;
    createdAt: string;
    twoFactorEnabled: boolean;
    /** When they agreed to news of products and offers, or null. */
    marketingConsentAt: string | null;
    sessions: {
      createdAt: string;
      expiresAt: string;
      ipAddress: string | null;
      userAgent: string | null;
    }[];
    cart: { product: string; quantity: number }[];
  } | null;
  enquiries: {
    reference: string;
    createdAt: string;
    status: string;
    contactName: string;
    contactEmail: string | null;
    contactPhone: string | null;
    organisation: string | null;
    address: string | null;
    poReference: string | null;
    promoCode: string | null;
    message: string;
    items: { product: string; quantity: number }[];
    updates: { at: string; kind: string; text: string | null }[];
    quotations: {
      number: string;
      sentAt: string;
      status: string;
      validUntil: string;
      attentionTo: string | null;
      lines: { description: string; quantity: number; unitPrice: string; total: string }[];
      beforeGst: string;
      gst: string;
      total: string;
      answers: {
        at: string;
        kind: string;
        name: string | null;
        designation: string | null;
        poNumber: string | null;
        message: string | null;
      }[];
    }[];
    orders: {
      number: string;
      status: string;
      createdAt: string;
      documents: { number: string; kind: string; issuedAt: string; total: string }[];
    }[];
  }[];
  messages: {
    createdAt: string;
    name: string;
    email: string;
    phone: string;
    message: string;
    replies: { at: string; text: string | null }[];
  }[];
}

const iso = (d: Date) => d.toISOString();

/** What the shop holds about the person with this e-mail address (and its account, if any). */
export async function collectPersonData(email: string, now = new Date()): Promise<PersonData> {
  const address = email.trim().toLowerCase();
  const [account] = await db()
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      createdAt: user.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
      marketingConsentAt: user.marketingConsentAt,
    })
    .from(user)
    .where(sql`lower(${user.email}) = ${address}`);
  const ids = await personRecordIds(db(), { email: address, userId: account?.id ?? null });
  const [sessions, cart, enquiryRows, messages] = await Promise.all([
    account
      ? db()
          .select({
            createdAt: session.createdAt,
            expiresAt: session.expiresAt,
            ipAddress: session.ipAddress,
            userAgent: session.userAgent,
          })
          .from(session)
          .where(eq(session.userId, account.id))
          .orderBy(asc(session.createdAt))
      : [],
    account
      ? db()
          .select({ product: products.name, quantity: cartItems.quantity })
          .from(cartItems)
          .innerJoin(products, eq(products.id, cartItems.productId))
          .where(eq(cartItems.userId, account.id))
          .orderBy(asc(cartItems.id))
      : [],
    enquiryDetails(ids.enquiryIds),
    messageDetails(ids.messageIds),
  ]);
  return {
    generatedAt: iso(now),
    email: address,
    account: account
      ? {
          name: account.name,
          email: account.email,
          phone: account.phone,
          createdAt: iso(account.createdAt),
          twoFactorEnabled: account.twoFactorEnabled,
          marketingConsentAt: account.marketingConsentAt && iso(account.marketingConsentAt),
          sessions: sessions.map((s) => ({
            createdAt: iso(s.createdAt),
            expiresAt: iso(s.expiresAt),
            ipAddress: s.ipAddress,
            userAgent: s.userAgent,
          })),
          cart,
        }
      : null,
    enquiries: enquiryRows,
    messages,
  };
}

async function enquiryDetails(ids: number[]): Promise<PersonData['enquiries']> {
  if (!ids.length) return [];
  const [rows, items, events, quotes, lines, answers, orderRows, documents] = await Promise.all([
    db()
      .select({
        id: enquiries.id,
        reference: enquiries.reference,
        createdAt: enquiries.createdAt,
        status: enquiries.status,
        contactName: enquiries.contactName,
        contactEmail: enquiries.contactEmail,
        contactPhone: enquiries.contactPhone,
        organisation: enquiries.organisation,
        address: enquiries.address,
        poReference: enquiries.poReference,
        promoCode: enquiries.promoCode,
        message: enquiries.message,
      })
      .from(enquiries)
      .where(inArray(enquiries.id, ids))
      .orderBy(asc(enquiries.createdAt), asc(enquiries.id)),
    db()
      .select({
        enquiryId: enquiryItems.enquiryId,
        product: enquiryItems.productName,
        quantity: enquiryItems.quantity,
      })
      .from(enquiryItems)
      .where(inArray(enquiryItems.enquiryId, ids))
      .orderBy(asc(enquiryItems.id)),
    db()
      .select({
        enquiryId: enquiryEvents.enquiryId,
        at: enquiryEvents.createdAt,
        kind: enquiryEvents.kind,
        body: enquiryEvents.body,
        toStatus: enquiryEvents.toStatus,
      })
      .from(enquiryEvents)
      // Staff notes are the company's own working notes, never shown to the customer.
      .where(and(inArray(enquiryEvents.enquiryId, ids), notInArray(enquiryEvents.kind, ['note'])))
      .orderBy(asc(enquiryEvents.createdAt), asc(enquiryEvents.id)),
    db()
      .select({
        id: quotations.id,
        enquiryId: quotations.enquiryId,
        number: quotations.number,
        sentAt: quotations.createdAt,
        status: quotations.status,
        validUntil: quotations.validUntil,
        attentionName: quotations.attentionName,
        subtotalCents: quotations.subtotalCents,
        discountCents: quotations.discountCents,
        gstCents: quotations.gstCents,
        totalCents: quotations.totalCents,
      })
      .from(quotations)
      .where(inArray(quotations.enquiryId, ids))
      .orderBy(asc(quotations.sequence)),
    db()
      .select({
        quotationId: quotationLines.quotationId,
        description: quotationLines.description,
        quantity: quotationLines.quantity,
        unitPriceCents: quotationLines.unitPriceCents,
        lineTotalCents: quotationLines.lineTotalCents,
      })
      .from(quotationLines)
      .innerJoin(quotations, eq(quotations.id, quotationLines.quotationId))
      .where(inArray(quotations.enquiryId, ids))
      .orderBy(asc(quotationLines.position)),
    db()
      .select({
        quotationId: quotationResponses.quotationId,
        at: quotationResponses.createdAt,
        kind: quotationResponses.kind,
        name: quotationResponses.name,
        designation: quotationResponses.designation,
        poNumber: quotationResponses.poNumber,
        message: quotationResponses.message,
      })
      .from(quotationResponses)
      .innerJoin(quotations, eq(quotations.id, quotationResponses.quotationId))
      .where(inArray(quotations.enquiryId, ids))
      .orderBy(asc(quotationResponses.createdAt)),
    db()
      .select({
        id: orders.id,
        enquiryId: orders.enquiryId,
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(inArray(orders.enquiryId, ids))
      .orderBy(asc(orders.createdAt)),
    db()
      .select({
        orderId: invoices.orderId,
        number: invoices.number,
        kind: invoices.kind,
        issuedAt: invoices.issuedAt,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(inArray(orders.enquiryId, ids))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id)),
  ]);
  return rows.map((e) => ({
    reference: e.reference,
    createdAt: iso(e.createdAt),
    status: e.status,
    contactName: e.contactName,
    contactEmail: e.contactEmail,
    contactPhone: e.contactPhone,
    organisation: e.organisation,
    address: e.address,
    poReference: e.poReference,
    promoCode: e.promoCode,
    message: e.message,
    items: items
      .filter((i) => i.enquiryId === e.id)
      .map(({ product, quantity }) => ({ product, quantity })),
    updates: events
      .filter((v) => v.enquiryId === e.id)
      .map((v) => ({
        at: iso(v.at),
        kind: v.kind,
        text: v.kind === 'status' ? `Status: ${v.toStatus ?? ''}` : v.body,
      })),
    quotations: quotes
      .filter((q) => q.enquiryId === e.id)
      .map((q) => ({
        number: q.number,
        sentAt: iso(q.sentAt),
        status: q.status,
        validUntil: iso(q.validUntil),
        attentionTo: q.attentionName,
        lines: lines
          .filter((l) => l.quotationId === q.id)
          .map((l) => ({
            description: l.description,
            quantity: l.quantity,
            unitPrice: formatCents(l.unitPriceCents),
            total: formatCents(l.lineTotalCents),
          })),
        beforeGst: formatCents(q.subtotalCents - q.discountCents),
        gst: formatCents(q.gstCents),
        total: formatCents(q.totalCents),
        answers: answers
          .filter((a) => a.quotationId === q.id)
          .map(({ quotationId: _, at, ...a }) => ({ at: iso(at), ...a })),
      })),
    orders: orderRows
      .filter((o) => o.enquiryId === e.id)
      .map((o) => ({
        number: o.number,
        status: o.status,
        createdAt: iso(o.createdAt),
        documents: documents
          .filter((d) => d.orderId === o.id)
          .map((d) => ({
            number: d.number,
            kind: d.kind === 'invoice' ? 'tax invoice' : 'credit note',
            issuedAt: iso(d.issuedAt),
            total: formatCents(d.totalCents),
          })),
      })),
  }));
}

async function messageDetails(ids: number[]): Promise<PersonData['messages']> {
  if (!ids.length) return [];
  const [rows, replies] = await Promise.all([
    db()
      .select({
        id: contactMessages.id,
        createdAt: contactMessages.createdAt,
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        message: contactMessages.message,
      })
      .from(contactMessages)
      .where(inArray(contactMessages.id, ids))
      .orderBy(asc(contactMessages.createdAt)),
    db()
      .select({
        messageId: contactMessageEvents.messageId,
        at: contactMessageEvents.createdAt,
        text: contactMessageEvents.body,
      })
      .from(contactMessageEvents)
      .where(
        and(inArray(contactMessageEvents.messageId, ids), eq(contactMessageEvents.kind, 'reply')),
      )
      .orderBy(asc(contactMessageEvents.createdAt)),
  ]);
  return rows.map(({ id, createdAt, ...m }) => ({
    createdAt: iso(createdAt),
    ...m,
    replies: replies
      .filter((r) => r.messageId === id)
      .map((r) => ({ at: iso(r.at), text: r.text })),
  }));
}

/** How many records the shop holds for an address: what staff see before they act on it. */
export function summarise(data: PersonData) {
  return {
    account: data.account ? { name: data.account.name, createdAt: data.account.createdAt } : null,
    enquiries: data.enquiries.length,
    sales: data.enquiries.filter((e) => e.orders.length).length,
    messages: data.messages.length,
  };
}

const when = (isoText: string) => singaporeDateTime(new Date(isoText));

/**
 * The same data as a readable, self-contained HTML document (prints as it reads): headings,
 * definition lists and tables, nothing loaded from elsewhere.
 */
export function personDataHtml(data: PersonData, siteName: string): string {
  const h = escapeHtml;
  const field = (label: string, value: string | number | null | undefined) =>
    `<dt>${h(label)}</dt><dd>${value === null || value === undefined || value === '' ? '—' : h(String(value))}</dd>`;
  const parts: string[] = [];
  parts.push(
    `<h1>Your data at ${h(siteName)}</h1><p>Everything we hold about <strong>${h(data.email)}</strong>, as of ${h(when(data.generatedAt))} (Singapore time).</p>`,
  );
  parts.push('<h2>Account</h2>');
  if (data.account) {
    const a = data.account;
    parts.push(
      `<dl>${field('Name', a.name)}${field('Email', a.email)}${field('Phone', a.phone)}${field('Registered', when(a.createdAt))}${field('Two-factor sign-in', a.twoFactorEnabled ? 'on' : 'off')}${field('News of products and offers', a.marketingConsentAt ? `agreed ${when(a.marketingConsentAt)}` : 'not agreed')}</dl>`,
    );
    parts.push(
      `<h3>Signed-in sessions</h3>${
        a.sessions.length
          ? `<table><thead><tr><th scope="col">Started</th><th scope="col">Ends</th><th scope="col">Network address</th><th scope="col">Browser</th></tr></thead><tbody>${a.sessions
              .map(
                (s) =>
                  `<tr><td>${h(when(s.createdAt))}</td><td>${h(when(s.expiresAt))}</td><td>${h(s.ipAddress ?? '—')}</td><td>${h(s.userAgent ?? '—')}</td></tr>`,
              )
              .join('')}</tbody></table>`
          : '<p>None.</p>'
      }`,
    );
    parts.push(
      `<h3>Cart</h3>${a.cart.length ? `<ul>${a.cart.map((c) => `<li>${h(c.product)} × ${c.quantity}</li>`).join('')}</ul>` : '<p>Empty.</p>'}`,
    );
  } else parts.push('<p>No account is registered with this address.</p>');
  parts.push(`<h2>Enquiries (${data.enquiries.length})</h2>`);
  for (const e of data.enquiries) {
    parts.push(
      `<section><h3>Enquiry ${h(e.reference)}</h3><dl>${field('Sent', when(e.createdAt))}${field('Status', e.status)}${field('Name', e.contactName)}${field('Email', e.contactEmail)}${field('Phone', e.contactPhone)}${field('Organisation', e.organisation)}${field('Address', e.address)}${field('PO / GeBIZ reference', e.poReference)}${field('Promo code', e.promoCode)}${field('Message', e.message)}</dl>`,
    );
    parts.push(
      `<h4>Items</h4><table><thead><tr><th scope="col">Product</th><th scope="col">Quantity</th></tr></thead><tbody>${e.items.map((i) => `<tr><td>${h(i.product)}</td><td>${i.quantity}</td></tr>`).join('')}</tbody></table>`,
    );
    if (e.updates.length)
      parts.push(
        `<h4>Updates</h4><ul>${e.updates.map((u) => `<li><time>${h(when(u.at))}</time> · ${h(u.kind)}${u.text ? `: ${h(u.text)}` : ''}</li>`).join('')}</ul>`,
      );
    for (const q of e.quotations) {
      parts.push(
        `<h4>Quotation ${h(q.number)}</h4><dl>${field('Sent', when(q.sentAt))}${field('Status', q.status)}${field('Valid until', when(q.validUntil))}${field('Attention to', q.attentionTo)}${field('Before GST', q.beforeGst)}${field('GST', q.gst)}${field('Total', q.total)}</dl>`,
      );
      if (q.lines.length)
        parts.push(
          `<table><thead><tr><th scope="col">Description</th><th scope="col">Qty</th><th scope="col">Unit price</th><th scope="col">Total</th></tr></thead><tbody>${q.lines.map((l) => `<tr><td>${h(l.description)}</td><td>${l.quantity}</td><td>${h(l.unitPrice)}</td><td>${h(l.total)}</td></tr>`).join('')}</tbody></table>`,
        );
      for (const a of q.answers)
        parts.push(
          `<p>${h(when(a.at))}: ${h(a.kind.replace('_', ' '))}${a.name ? ` by ${h(a.name)}` : ''}${a.designation ? `, ${h(a.designation)}` : ''}${a.poNumber ? ` (PO ${h(a.poNumber)})` : ''}${a.message ? `: ${h(a.message)}` : ''}</p>`,
        );
    }
    for (const o of e.orders)
      parts.push(
        `<h4>Order ${h(o.number)}</h4><dl>${field('Confirmed', when(o.createdAt))}${field('Status', o.status)}</dl>${o.documents.length ? `<ul>${o.documents.map((d) => `<li>${h(d.kind)} ${h(d.number)}, ${h(when(d.issuedAt))}, ${h(d.total)}</li>`).join('')}</ul>` : ''}`,
      );
    parts.push('</section>');
  }
  parts.push(`<h2>Contact messages (${data.messages.length})</h2>`);
  for (const m of data.messages) {
    parts.push(
      `<section><dl>${field('Sent', when(m.createdAt))}${field('Name', m.name)}${field('Email', m.email)}${field('Phone', m.phone)}${field('Message', m.message)}</dl>${m.replies.length ? `<ul>${m.replies.map((r) => `<li>Our reply, ${h(when(r.at))}: ${h(r.text ?? '')}</li>`).join('')}</ul>` : ''}</section>`,
    );
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data at ${h(siteName)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.75rem}h2{margin-top:2.5rem;border-bottom:1px solid #cbd5e1}h3{margin-top:1.75rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;white-space:pre-wrap}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left}
section{break-inside:avoid-page}
</style></head><body><main>${parts.join('\n')}</main></body></html>`;
}
