import { describe, expect, it } from 'vitest';
import { validate, type FormSchema } from '~/lib/forms';
import { ContactFormSchema } from './contact';
import { EnquiryNoteSchema, ReplySchema } from './inbox';
import { ProductCreateSchema } from './product';

const contact = {
  name: 'Ms Wong',
  email: 'wong@school.example',
  phone: '+65 6123 4567',
  message: 'A quote, please.',
};

const product = { name: 'Goalpost', sportId: '1', categoryIds: ['1'], images: ['new:0'] };

/** The field's message for a text of `length` characters, or undefined when it is taken. */
const messageFor = (schema: FormSchema, values: object, field: string, length: number) =>
  validate(schema, { ...values, [field]: 'x'.repeat(length) })?.[field];

describe('length limits and their messages', () => {
  it.each([
    [ContactFormSchema, contact, 'name', 100, '100'],
    [ContactFormSchema, contact, 'message', 5000, '5,000'],
    [EnquiryNoteSchema, {}, 'body', 5000, '5,000'],
    [ReplySchema, {}, 'body', 10_000, '10,000'],
    [ProductCreateSchema, product, 'description', 5000, '5,000'],
  ] as const)('%#: takes the limit itself and names it in the message past it', (...row) => {
    const [schema, values, field, max, written] = row;
    expect(messageFor(schema, values, field, max)).toBeUndefined();
    const message = messageFor(schema, values, field, max + 1);
    expect(message).toContain(`to ${written} characters or fewer`);
  });
});
