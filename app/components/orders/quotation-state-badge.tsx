import {
  QUOTATION_STATE_CLASSES,
  QUOTATION_STATE_LABELS,
  type QuotationState,
} from '~/lib/quotation-state';

/** A quotation revision's state as a badge, the same for the buyer and for staff. */
export function StateBadge({ state }: { state: QuotationState }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ${QUOTATION_STATE_CLASSES[state]}`}
    >
      {QUOTATION_STATE_LABELS[state]}
    </span>
  );
}
