/**
 * A quotation revision's state as both sides see it, from its stored status and valid-until date.
 * Expiry is computed, never stored: a revision still open (`sent`, or `changes_requested` while
 * staff work on a new revision) stops being acceptable at the end of its last valid day without
 * any job having to run. Shared by the buyer's page, My Enquiries, the back office and the services
 * that refuse an answer, so every side agrees on what can still be done.
 */
import type { QuotationStatus } from '~/services/db/schema';

export type QuotationState =
  'open' | 'expired' | 'accepted' | 'declined' | 'changes_requested' | 'superseded';

export interface QuotationStateInfo {
  state: QuotationState;
  /** The buyer may still accept, decline or ask for changes (one flag: they go together). */
  canRespond: boolean;
  canAccept: boolean;
  canDecline: boolean;
  canRequestChanges: boolean;
}

/**
 * The state of a revision at `now`. An open revision (sent, or with changes asked for) can be
 * accepted, declined or changed until `validUntil`; the buyer who asked for changes may still
 * accept it as it stands. Accepted, declined and superseded revisions are final, whatever the date.
 */
export function quotationState(
  status: QuotationStatus,
  validUntil: Date | string,
  now: Date = new Date(),
): QuotationStateInfo {
  const final = status === 'accepted' || status === 'declined' || status === 'superseded';
  const expired = !final && new Date(validUntil).getTime() < now.getTime();
  const state: QuotationState = final
    ? status
    : expired
      ? 'expired'
      : status === 'changes_requested'
        ? 'changes_requested'
        : 'open';
  const canRespond = state === 'open' || state === 'changes_requested';
  return {
    state,
    canRespond,
    canAccept: canRespond,
    canDecline: canRespond,
    canRequestChanges: canRespond,
  };
}

/**
 * A revision's status with the revisions after it counted: an open one (sent, changes asked for)
 * that a newer revision follows is superseded, whether or not that send marked it so.
 */
export function revisionStatus(status: QuotationStatus, isLatest: boolean): QuotationStatus {
  return !isLatest && (status === 'sent' || status === 'changes_requested') ? 'superseded' : status;
}

/** How each state is named to the buyer and to staff. */
export const QUOTATION_STATE_LABELS: Record<QuotationState, string> = {
  open: 'Awaiting reply',
  expired: 'Expired',
  accepted: 'Accepted',
  declined: 'Declined',
  changes_requested: 'Changes requested',
  superseded: 'Replaced by a newer revision',
};

/** Badge colours per state (text and background with enough contrast). */
export const QUOTATION_STATE_CLASSES: Record<QuotationState, string> = {
  open: 'bg-brand-50 text-brand-900',
  expired: 'bg-slate-100 text-slate-700',
  accepted: 'bg-green-50 text-green-800',
  declined: 'bg-red-50 text-red-800',
  changes_requested: 'bg-amber-50 text-amber-900',
  superseded: 'bg-slate-100 text-slate-700',
};
