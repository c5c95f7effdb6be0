import { Link } from 'react-router';
import { Field } from '~/components/ui/field';
import type { FieldErrors } from '~/lib/forms';
import { ENQUIRY_LIMITS, type EnquiryTyped } from '~/lib/schemas/enquiry';

/** What the contact fields are for, said above them. */
export const CONTACT_PROMPT =
  'How should we reach you with the quotation? Give an e-mail or a phone number.';

/**
 * A guest's contact details (spec "Guest enquiry contact dialog"), the organisation and PO
 * reference, the honeypot and the PDPA notice: inline in the enquiry form as the server renders
 * it, in the contact dialog once scripts run (enquiry-form.tsx). `prefix` keeps the two sets of
 * ids apart.
 */
export function ContactFields({
  prefix,
  errors,
  typed = {},
}: {
  prefix: string;
  errors: FieldErrors;
  /** What a refused plain post had in these fields (the page without JavaScript keeps it). */
  typed?: EnquiryTyped;
}) {
  return (
    <>
      <Field
        id={`${prefix}-email`}
        name="email"
        defaultValue={typed.email}
        maxLength={ENQUIRY_LIMITS.email}
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <Field
        id={`${prefix}-name`}
        name="name"
        defaultValue={typed.name}
        maxLength={ENQUIRY_LIMITS.name}
        label="Name (optional)"
        autoComplete="name"
        error={errors.name}
      />
      <Field
        id={`${prefix}-phone`}
        name="phone"
        defaultValue={typed.phone}
        maxLength={ENQUIRY_LIMITS.phone}
        label="Phone Number (optional)"
        type="tel"
        autoComplete="tel"
        error={errors.phone}
      />
      <Field
        id={`${prefix}-organisation`}
        name="organisation"
        defaultValue={typed.organisation}
        maxLength={ENQUIRY_LIMITS.organisation}
        label="Organisation (optional)"
        autoComplete="organization"
        error={errors.organisation}
      />
      <Field
        id={`${prefix}-po`}
        name="poReference"
        defaultValue={typed.poReference}
        maxLength={ENQUIRY_LIMITS.poReference}
        label="PO / GeBIZ reference (optional)"
        error={errors.poReference}
      />
      {/* Honeypot: hidden from people, filled by bots. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${prefix}-website`}>Website</label>
        <input id={`${prefix}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="text-xs text-slate-600">
        We use these details only to answer this enquiry and keep a record of it, as our{' '}
        <Link to="/privacy" className="underline">
          privacy notice
        </Link>{' '}
        (PDPA) explains.
      </p>
    </>
  );
}
