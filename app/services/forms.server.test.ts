import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { formValues } from '~/lib/forms';
import { UserError } from './errors.server';
import { formAction, parseInput, readForm, ValidationError } from './forms.server';

const Schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Product name is required.')),
  categoryIds: z.array(z.string()).check(z.minLength(1, 'Select at least one category.')),
});

const failureOf = async (value: unknown) => {
  const init = value as { data: unknown; init: { status: number } | null };
  return { body: init.data, status: init.init?.status };
};

describe('the form pattern on the server', () => {
  it('reads repeated fields as arrays only where asked, and leaves files out', () => {
    const form = new FormData();
    form.append('name', 'Goal');
    form.append('categoryIds', '1');
    form.append('categoryIds', '2');
    form.append('image', new Blob(['x']), 'x.png');
    expect(formValues(form, ['categoryIds', 'sportIds'])).toEqual({
      name: 'Goal',
      categoryIds: ['1', '2'],
      sportIds: [],
    });
  });

  it('parses with the shared schema and reports every field once', () => {
    expect(parseInput(Schema, { name: ' Goal ', categoryIds: ['3'] })).toEqual({
      name: 'Goal',
      categoryIds: ['3'],
    });
    try {
      parseInput(Schema, { name: '  ', categoryIds: [] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toEqual({
        name: 'Product name is required.',
        categoryIds: 'Select at least one category.',
      });
    }
  });

  it('answers validation and user errors with their status; other errors pass through', async () => {
    const invalid = await formAction(async () => parseInput(Schema, {}) && { ok: true as const });
    expect(await failureOf(invalid)).toMatchObject({ status: 400, body: { ok: false } });

    const conflict = await formAction(async () => {
      throw new UserError('A sport with this name already exists.', 409, 'name');
    });
    expect(await failureOf(conflict)).toEqual({
      status: 409,
      body: { ok: false, fields: { name: 'A sport with this name already exists.' } },
    });

    const limited = await formAction(async () => {
      throw new UserError('Too many attempts.', 429);
    });
    expect(await failureOf(limited)).toEqual({
      status: 429,
      body: { ok: false, error: 'Too many attempts.' },
    });

    await expect(
      formAction(async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    const redirect = new Response(null, { status: 302 });
    await expect(
      formAction(async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
    expect(await formAction(async () => ({ ok: true as const, message: 'Saved.' }))).toEqual({
      ok: true,
      message: 'Saved.',
    });
  });

  it('refuses a body that is not a form with a 400', async () => {
    const request = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
      body: 'not multipart at all',
    });
    await expect(readForm(request)).rejects.toMatchObject({ status: 400 });
  });

  it("reads a text area's line breaks as one character each, as the browser counted them", async () => {
    const body = new FormData();
    body.append('message', 'line one\r\nline two\rline three\nend');
    body.append('file', new File(['abc'], 'a.txt', { type: 'text/plain' }));
    const form = await readForm(new Request('http://x/', { method: 'POST', body }));
    expect(form.get('message')).toBe('line one\nline two\nline three\nend');
    const file = form.get('file') as File;
    expect([file.name, await file.text()]).toEqual(['a.txt', 'abc']);
    const encoded = await readForm(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'message=a%0D%0Ab',
      }),
    );
    expect(encoded.get('message')).toBe('a\nb');
  });
});
