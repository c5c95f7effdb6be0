/**
 * The one form pattern (docs/forms.md), the part both sides share: what an action returns and how
 * a schema's issues become one message per field. No validation library is imported here, so the
 * public pages' first load stays small; schemas live in app/lib/schemas/ and use `zod/mini`.
 */

/** Field name → the first message about it. `form` holds a message about the form as a whole. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * A refused submission: a message for the whole form and/or one message per field, and what was
 * typed when a plain post's new page should start from it (forms.server's refusalKeeping).
 */
export interface ActionFailure {
  ok: false;
  error?: string;
  fields?: FieldErrors;
  typed?: Partial<Record<string, string>>;
}

/** A successful submission: an optional message to show, plus whatever the action adds. */
export type ActionSuccess<T extends object = object> = { ok: true; message?: string } & T;

/** What every form action returns (its HTTP status says the same: 200, or the failure's 4xx). */
export type ActionResult<T extends object = object> = ActionSuccess<T> | ActionFailure;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The first message per top-level field, in the schema's order ('form' for the whole object). */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

/**
 * A form's values as its schema reads them: one string per field, except the names listed in
 * `arrays` (checkbox groups, multi-selects), which are always arrays. Files are left out: uploads
 * are read by their own streaming parser.
 */
export function formValues(
  form: FormData,
  arrays: readonly string[] = [],
): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const strings = form.getAll(name).filter((v): v is string => typeof v === 'string');
    if (arrays.includes(name)) values[name] = strings;
    else if (strings.length) values[name] = strings[0]!;
  }
  for (const name of arrays) values[name] ??= [];
  return values;
}

/** A schema as this module needs it: anything with zod's `safeParse` (classic or mini). */
export interface FormSchema<T = unknown> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * Several schemas over one form's values, checked together: every field's message at once (the
 * first schema's refusal does not hide the second's), and the values all of them read.
 */
export function allOf<A, B>(first: FormSchema<A>, second: FormSchema<B>): FormSchema<A & B> {
  return {
    safeParse(input) {
      const a = first.safeParse(input);
      const b = second.safeParse(input);
      if (a.success && b.success) return { success: true, data: { ...a.data, ...b.data } };
      const issues = [...(a.success ? [] : a.error.issues), ...(b.success ? [] : b.error.issues)];
      return { success: false, error: { issues } };
    },
  };
}

/** Checks values against a shared schema: the field messages, or null when they are valid. */
export function validate(schema: FormSchema, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  return result.success ? null : fieldErrorsOf(result.error.issues);
}
