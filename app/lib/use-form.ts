import { useEffect, useRef, useState } from 'react';
import {
  formValues,
  validate,
  type ActionResult,
  type FieldErrors,
  type FormSchema,
} from './forms';

type FormEvents = Pick<React.ComponentProps<'form'>, 'onSubmit' | 'onBlur' | 'noValidate'>;

/**
 * A form's messages. The browser checks the form with the action's own schema — a field once the
 * user leaves it, every field on submit, where an invalid form is not sent and the first invalid
 * field gets focus — and a new answer from the server replaces what is shown. Spread `props` onto
 * the `<Form>` or `<fetcher.Form>`; pass `errors[name]` to each field.
 */
export function useForm(
  schema: FormSchema,
  result: ActionResult | undefined,
  options: { arrays?: readonly string[] } = {},
) {
  // Starts from the answer it is rendered with: a form posted without JavaScript is re-rendered
  // by the server with its messages.
  const [errors, setErrors] = useState<FieldErrors>(() =>
    result && !result.ok ? (result.fields ?? {}) : {},
  );
  // The fields whose messages show. A ref, not state: a submit that focuses the first invalid
  // field blurs the one typed in, and that blur's check must see the submit's fields at once (with
  // state it saw the set before the submit and took every other message away again).
  const touched = useRef<ReadonlySet<string>>(new Set());
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    // Render-time sync (React's recommended alternative to an effect): the server's word wins.
    setAnswered(result);
    setErrors(result && !result.ok ? (result.fields ?? {}) : {});
  }

  // The form last sent from here: the server's field messages about it move the focus to the
  // first field they name, as the browser's own check does (a screen reader then reads the
  // field with its message; before, a server-only refusal such as a name already taken
  // appeared silently under the field).
  const sent = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const form = sent.current;
    if (!form?.isConnected || !result || result.ok || !result.fields) return;
    firstNamed(form, Object.keys(result.fields))?.focus();
  }, [result]);

  const check = (form: HTMLFormElement, only?: ReadonlySet<string>): FieldErrors => {
    const all = validate(schema, formValues(new FormData(form), options.arrays)) ?? {};
    const shown: FieldErrors = {};
    for (const [name, message] of Object.entries(all))
      if (!only || only.has(name)) shown[name] = message;
    setErrors(shown);
    return all;
  };

  const props: FormEvents = {
    noValidate: true,
    onSubmit(event) {
      const all = check(event.currentTarget);
      const names = Object.keys(all);
      if (!names.length) {
        sent.current = event.currentTarget;
        return;
      }
      event.preventDefault();
      touched.current = new Set([...touched.current, ...names]);
      firstNamed(event.currentTarget, names)?.focus();
    },
    onBlur(event) {
      const name = (event.target as { name?: string }).name;
      if (!name) return;
      touched.current = new Set(touched.current).add(name);
      // Leaving a field for the form's submit button: the submit checks every field in a moment.
      // A message shown now would push the button down under the pointer, and the click that
      // moved the focus would miss it.
      if (isSubmitButton(event.relatedTarget, event.currentTarget)) return;
      check(event.currentTarget, touched.current);
    },
  };

  return {
    props,
    errors,
    /** The server's message about the form as a whole, if any. */
    formError: result && !result.ok ? result.error : undefined,
    /**
     * Checks one field again, for a change no blur of it follows (an image added, a category
     * picked from the filter box): its message goes once its problem is fixed. The other fields'
     * messages stay as they are (a server's refusal of another field among them).
     */
    recheck: (form: HTMLFormElement, name: string) => {
      if (!errors[name]) return;
      const all = validate(schema, formValues(new FormData(form), options.arrays)) ?? {};
      setErrors({ ...errors, [name]: all[name] });
    },
    /** Clears every message (after a success that keeps the form on screen). */
    reset: () => {
      setErrors({});
      touched.current = new Set();
    },
  };
}

/** Whether `target` is a button that submits `form`. */
function isSubmitButton(target: EventTarget | null, form: HTMLFormElement): boolean {
  return (
    (target instanceof HTMLButtonElement || target instanceof HTMLInputElement) &&
    target.type === 'submit' &&
    target.form === form
  );
}

/**
 * The first of the form's fields (in its order on screen, not the schema's) with one of `names`
 * that can take the focus. A control that stands for a field kept in hidden inputs (the product's
 * images, its categories behind a filter) names it with `data-error-for`.
 */
function firstNamed(form: HTMLFormElement, names: readonly string[]): HTMLElement | null {
  const controls = form.querySelectorAll<HTMLElement>(
    'input, select, textarea, button, [data-error-for]',
  );
  for (const control of controls) {
    const hidden = control instanceof HTMLInputElement && control.type === 'hidden';
    const name = control.dataset.errorFor ?? (hidden ? '' : (control as { name?: string }).name);
    if (name && names.includes(name) && !control.closest('[hidden]')) return control;
  }
  return null;
}
