import { formatCents, formatRate, totalLabel } from '~/lib/money';

/** A priced line as quotations, their revisions and orders show it. */
export interface PricedLine {
  description: string;
  note?: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  lineTotalCents: number;
}

/** A quotation's sums, in cents; the rate in basis points (900: 9%). */
export interface QuotationSums {
  subtotalCents: number;
  discountCents: number;
  gstCents: number;
  gstRateBasisPoints: number;
  totalCents: number;
}

/**
 * The lines of a quotation (or of the order made from it): on a phone each line's quantity,
 * price and discount go under its description; wider screens get them in columns. The discount
 * column is there only when a line has one.
 */
export function PricedLines({ lines, caption }: { lines: readonly PricedLine[]; caption: string }) {
  const discounted = lines.some((l) => l.discountCents > 0);
  const wide = 'hidden px-3 py-2 text-right sm:table-cell';
  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Description
            </th>
            <th scope="col" className={`${wide} font-semibold`}>
              Qty
            </th>
            <th scope="col" className={`${wide} font-semibold`}>
              Unit price
            </th>
            {discounted ? (
              <th scope="col" className={`${wide} font-semibold`}>
                Discount
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((line, i) => (
            <tr key={i}>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{line.description}</span>
                {line.note ? (
                  <span className="block text-xs text-slate-600">{line.note}</span>
                ) : null}
                <span className="block text-xs text-slate-600 sm:hidden">
                  {line.quantity} × {formatCents(line.unitPriceCents)}
                  {line.discountCents ? ` − ${formatCents(line.discountCents)}` : ''}
                </span>
              </td>
              <td className={wide}>{line.quantity}</td>
              <td className={`${wide} whitespace-nowrap`}>{formatCents(line.unitPriceCents)}</td>
              {discounted ? (
                <td className={`${wide} whitespace-nowrap`}>
                  {line.discountCents ? `− ${formatCents(line.discountCents)}` : '—'}
                </td>
              ) : null}
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {formatCents(line.lineTotalCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Subtotal, discount, GST and the total, the total the most prominent figure. `registered`: the
 * company was GST-registered when it quoted (then the total includes GST; otherwise it says no
 * GST is charged and the total never says "incl. GST").
 */
export function QuotationTotals({
  sums,
  registered,
}: {
  sums: QuotationSums;
  registered: boolean;
}) {
  return (
    <dl className="mt-4 ml-auto max-w-sm space-y-1 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-700">Subtotal</dt>
        <dd className="text-slate-900">{formatCents(sums.subtotalCents)}</dd>
      </div>
      {sums.discountCents ? (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Discount</dt>
          <dd className="text-slate-900">− {formatCents(sums.discountCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-slate-700">
          {registered
            ? `GST ${formatRate(sums.gstRateBasisPoints)}`
            : 'GST (we are not GST-registered)'}
        </dt>
        <dd className="text-slate-900">{formatCents(sums.gstCents)}</dd>
      </div>
      <div className="flex items-center justify-between gap-4 border-t border-slate-300 pt-2">
        <dt className="font-bold text-slate-900">Total {totalLabel(registered)}</dt>
        <dd data-testid="total-incl-gst" className="text-2xl font-extrabold text-slate-900">
          {formatCents(sums.totalCents)}
        </dd>
      </div>
    </dl>
  );
}
