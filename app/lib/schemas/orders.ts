import * as z from 'zod/mini';
import { parseCents } from '~/lib/money';
import { isCalendarDay, ORDER_STATUSES, type OrderStatusName } from '~/lib/orders';
import { charactersOrFewer } from './limits';

export const ORDER_MESSAGES = {
  date: 'Choose the day of delivery or installation.',
  reason: 'Say why the credit note is issued (e.g. one net was returned).',
  amount: 'Enter an amount in dollars, such as 120 or 45.50, or leave it empty.',
} as const;

const id = z.string().check(z.trim(), z.regex(/^\d{1,9}$/, 'Please reload the page.'));
const tooLong = (max: number) => `Keep it to ${charactersOrFewer(max)}.`;

/** "Confirm order" on an accepted quotation. */
export const ConfirmOrderSchema = z.object({ quotationId: id });

/**
 * Staff move an order on: schedule it (with the day), mark it delivered, cancel it (with an
 * optional reason) or mark it paid. `from` is the status the page showed: a page that another
 * change has overtaken is refused instead of undoing that change.
 */
export const OrderStatusSchema = z
  .object({
    status: z.enum(['scheduled', 'delivered', 'cancelled', 'paid']),
    from: z.enum(ORDER_STATUSES),
    scheduledFor: z.optional(z.string().check(z.trim())),
    note: z.optional(z.string().check(z.trim(), z.maxLength(500, tooLong(500)))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.status === 'scheduled' && !isCalendarDay(v.scheduledFor ?? ''))
        ctx.issues.push({
          code: 'custom',
          path: ['scheduledFor'],
          message: ORDER_MESSAGES.date,
          input: v.scheduledFor,
        });
    }),
  );

/** Issuing the tax invoice of an order (`from`: the status the page showed). */
export const IssueInvoiceSchema = z.object({ from: z.enum(ORDER_STATUSES) });

/** A credit note against an invoice: why, and how much before GST (empty: all that is left). */
export const CreditNoteSchema = z.object({
  invoiceId: id,
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, ORDER_MESSAGES.reason), z.maxLength(500, tooLong(500))),
  amount: z.optional(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || (parseCents(v) ?? 0) > 0, ORDER_MESSAGES.amount),
    ),
  ),
});

/** The orders list's filter from its URL: a known status, a page number. */
export function readOrderFilter(params: URLSearchParams): {
  status?: OrderStatusName;
  page: number;
} {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as OrderStatusName)
      : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}
