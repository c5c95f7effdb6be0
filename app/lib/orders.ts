/**
 * An order's statuses and the words for them, safe on both sides and free of the form schemas
 * (app/lib/schemas/orders.ts), so the buyer's pages show them without loading a validator.
 */

/** An order's statuses in the order they come, with the words staff and buyers see. */
export const ORDER_STATUSES = [
  'confirmed',
  'scheduled',
  'delivered',
  'invoiced',
  'paid',
  'cancelled',
] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatusName, string> = {
  confirmed: 'Confirmed',
  scheduled: 'Scheduled',
  delivered: 'Delivered / installed',
  invoiced: 'Invoiced',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** Orders that have work done or to do and no invoice yet. */
export const AWAITING_INVOICE: readonly OrderStatusName[] = ['confirmed', 'scheduled', 'delivered'];

/** '2026-03-09' that is a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
