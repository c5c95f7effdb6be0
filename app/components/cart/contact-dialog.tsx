import { useRef, useState } from 'react';
import { Modal, ModalCancel } from '~/components/ui/dialog';
import { FormError } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import type { CartResult } from '~/lib/cart';
import { GuestContactSchema, type EnquiryTyped } from '~/lib/schemas/enquiry';
import { useForm } from '~/lib/use-form';
import { CONTACT_PROMPT, ContactFields } from './contact-fields';

/**
 * The guest's Contact Information dialog. It checks the details with the server's own schema
 * (messages under their fields) and hands valid ones to `onSend`; the server's answer to the
 * enquiry (`result`) shows here too while the dialog is open.
 */
export function ContactDialog({
  open,
  onOpenChange,
  result,
  busy,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  result: CartResult | undefined;
  busy: boolean;
  onSend: (contact: FormData) => void;
}) {
  const form = useForm(GuestContactSchema, result);
  // What the guest typed outlives the dialog (Cancel, Escape or a click beside it by mistake):
  // opened again, it shows the same details until the enquiry is sent.
  const [typed, setTyped] = useState<EnquiryTyped>({});
  const formRef = useRef<HTMLFormElement>(null);
  const keepTyped = () => {
    // The form's fields by name (ContactFields fills its own from them).
    if (formRef.current)
      setTyped(Object.fromEntries(new FormData(formRef.current)) as EnquiryTyped);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) keepTyped();
        onOpenChange(next);
      }}
      title="Contact Information"
      description={CONTACT_PROMPT}
      initialFocus="contact-email"
    >
      <form
        noValidate
        onBlur={form.props.onBlur}
        ref={formRef}
        onSubmit={(event) => {
          form.props.onSubmit?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          onSend(new FormData(event.currentTarget));
        }}
        className="mt-4 space-y-1"
      >
        <FormError message={form.formError} />
        <ContactFields prefix="contact" errors={form.errors} typed={typed} />
        <div className="flex justify-end gap-2 pt-4">
          <ModalCancel />
          <button
            type="submit"
            {...busyButton(busy)}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-70"
          >
            {busy ? 'Sending…' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
