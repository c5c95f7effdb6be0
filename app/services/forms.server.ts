import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from 'react-router';
import {
  fieldErrorsOf,
  type ActionFailure,
  type ActionSuccess,
  type FieldErrors,
  type FormSchema,
} from '~/lib/forms';
import { UserError } from './errors.server';

/** Invalid input: every field's message, answered with a 400 by `formAction`. */
export class ValidationError extends UserError {
  override name = 'ValidationError';
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields)[0] ?? 'Please check the form.', 400);
  }
}

/**
 * Parses input with the same schema the browser checked it with. Invalid input throws a
 * ValidationError that `formAction` turns into field messages (the browser's check is a courtesy;
 * this one is the rule).
 */
export function parseInput<T>(schema: FormSchema<T>, values: unknown): T {
  const result = schema.safeParse(values);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error.issues));
  return result.data;
}

/** The request's form data; a body that is not a readable form is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new UserError('The form could not be read. Please reload the page and try again.', 400);
  }
  return plainLineBreaks(form);
}

/**
 * The form with each line break as one character. A browser sends a text area's line breaks as
 * CR LF (two), while its `maxlength` and the page's own check count one: a message of 5,000
 * characters in ten lines arrived as 5,009 and was refused as too long.
 */
export function plainLineBreaks(form: FormData): FormData {
  if (![...form.values()].some((v) => typeof v === 'string' && v.includes('\r'))) return form;
  const plain = new FormData();
  for (const [name, value] of form)
    plain.append(name, typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);
  return plain;
}

/**
 * Runs two checks of one submission side by side (a form's fields and its files) so that one
 * answer names every field to fix: both values, or the one refusal (with its own status: a file
 * too large stays a 413), or both refusals' field messages in one ValidationError.
 */
export async function checkTogether<A, B>(
  first: () => A | Promise<A>,
  second: () => B | Promise<B>,
): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([
    Promise.resolve().then(first),
    Promise.resolve().then(second),
  ]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  const errors = [a, b].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (errors.length === 1 || !errors.every((e) => e instanceof UserError)) throw errors[0];
  const fields: FieldErrors = {};
  for (const error of errors as UserError[]) {
    if (error instanceof ValidationError) Object.assign(fields, error.fields);
    else fields[error.field ?? 'form'] = error.message;
  }
  throw new ValidationError(fields);
}

/** The failure (and its status) an expected error stands for, or null for anything else. */
export function failureOf(error: unknown): { body: ActionFailure; status: number } | null {
  if (error instanceof ValidationError)
    return { body: { ok: false, fields: error.fields }, status: error.status };
  if (error instanceof UserError) {
    const body: ActionFailure = error.field
      ? { ok: false, fields: { [error.field]: error.message } }
      : { ok: false, error: error.message };
    return { body, status: error.status };
  }
  return null;
}

/**
 * An expected failure (as failureOf) answered with what was typed (`typed`, or a posted form's
 * text fields, a repeated field's values joined with commas): a plain form post's refusal renders
 * a new page, and its fields start from these values instead of losing them. Anything else is
 * thrown on.
 */
export function refusalKeeping(error: unknown, typed: Record<string, string> | FormData) {
  const failure = failureOf(error);
  if (!failure) throw error;
  return data({ ...failure.body, typed: textFields(typed) }, { status: failure.status });
}

function textFields(typed: Record<string, string> | FormData): Record<string, string> {
  if (!(typed instanceof FormData)) return typed;
  const out: Record<string, string> = {};
  for (const [name, value] of typed) {
    if (typeof value !== 'string') continue;
    out[name] = name in out ? `${out[name]},${value}` : value;
  }
  return out;
}

/**
 * Runs an action's work. Expected failures (ValidationError, UserError) become an ActionFailure
 * with their 4xx status; thrown responses (redirects, 403s) and unexpected errors pass through to
 * React Router and the error boundaries. A success that sets cookies returns `data(result, {
 * headers })`.
 */
export async function formAction<T extends ActionSuccess>(
  run: () => Promise<T | DataWithResponseInit<T> | DataWithResponseInit<ActionFailure>>,
) {
  try {
    return await run();
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data(failure.body, { status: failure.status });
  }
}
