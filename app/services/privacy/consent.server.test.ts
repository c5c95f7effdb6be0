// Consent: the enquiry and the contact message keep the privacy notice's version the form was
// sent with (refusing one the person did not see), staff read it back, and a customer's agreement
// to news of products and offers is recorded with its date only when they tick the box.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_FIELD, PRIVACY_NOTICE_VERSION } from '~/content/privacy-version';
import { createCustomer, createProduct } from '../../../tests/factories';
import { marketingConsentOf, register, setMarketingConsent } from '../accounts/accounts.server';
import { submitContactMessage } from '../contact/contact.server';
import { db } from '../db/client.server';
import { contactMessages, enquiries, user } from '../db/schema';
import { submitEnquiry } from '../enquiries/enquiries.server';
import { UserError } from '../errors.server';
import { getEnquiryCase } from '../inbox/enquiries.server';
import { readMessage } from '../inbox/messages.server';
import { mailSettled } from '../mail/queue.server';
import { NOTICE_CHANGED } from './notice.server';
import { collectPersonData, personDataHtml } from './person-data.server';

afterAll(() => mailSettled());

let productId: number;
beforeAll(async () => {
  productId = (await createProduct({ name: 'Netball Post Set' })).id;
});

const address = () => `198.51.100.${randomUUID()}`;

function enquire(extra: Record<string, string>) {
  const form = new FormData();
  const fields = {
    message: 'Two sets, please.',
    idempotencyKey: randomUUID(),
    email: 'teacher@school.example',
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return submitEnquiry({
    form,
    customer: null,
    guestItems: [{ productId, quantity: 2 }],
    request: new Request('http://localhost:3000/cart', { method: 'POST' }),
    socketAddress: address(),
  });
}

const message = (extra: Record<string, string>) =>
  submitContactMessage({
    values: {
      name: 'Mr Goh',
      email: 'goh@school.example',
      phone: '+65 6123 4567',
      message: 'Do you install?',
      ...extra,
    },
    address: address(),
  });

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe('the privacy notice a person was shown', () => {
  it('is kept with the enquiry and shown to staff', async () => {
    const sent = await enquire({ [PRIVACY_NOTICE_FIELD]: PRIVACY_NOTICE_VERSION });
    const [row] = await db()
      .select({ version: enquiries.privacyNoticeVersion })
      .from(enquiries)
      .where(eq(enquiries.id, sent!.id));
    expect(row!.version).toBe(PRIVACY_NOTICE_VERSION);
    expect((await getEnquiryCase(sent!.id))!.privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
  });

  it('is kept with the contact message and shown to staff', async () => {
    const sent = await message({ [PRIVACY_NOTICE_FIELD]: PRIVACY_NOTICE_VERSION });
    const id = (sent as { id: number }).id;
    const [row] = await db()
      .select({ version: contactMessages.privacyNoticeVersion })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    expect(row!.version).toBe(PRIVACY_NOTICE_VERSION);
    expect((await readMessage(id))!.privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
  });

  it('refuses an enquiry or a message sent with a notice that is no longer in force', async () => {
    for (const refusal of [
      await refusalOf(enquire({ [PRIVACY_NOTICE_FIELD]: '2020-01-01' })),
      await refusalOf(message({ [PRIVACY_NOTICE_FIELD]: '2020-01-01' })),
    ]) {
      expect(refusal).toBeInstanceOf(UserError);
      expect((refusal as UserError).status).toBe(409);
      expect((refusal as UserError).message).toBe(NOTICE_CHANGED);
    }
    expect(
      await db()
        .select({ id: enquiries.id })
        .from(enquiries)
        .where(eq(enquiries.privacyNoticeVersion, '2020-01-01')),
    ).toEqual([]);
  });

  it('is recorded as unknown when a post did not come from the shop’s form', async () => {
    const sent = await enquire({});
    expect((await getEnquiryCase(sent!.id))!.privacyNoticeVersion).toBeNull();
  });
});

describe('news of products and offers', () => {
  const consentByEmail = async (email: string) =>
    (await db().select({ at: user.marketingConsentAt }).from(user).where(eq(user.email, email)))[0]!
      .at;

  it('is agreed at registration only when the box is ticked', async () => {
    const password = 'a long enough password 1';
    await register({ email: 'ticked@school.example', name: 'Ticked', password, marketing: 'on' });
    await register({ email: 'unticked@school.example', name: 'Unticked', password });
    expect(await consentByEmail('ticked@school.example')).toBeInstanceOf(Date);
    expect(await consentByEmail('unticked@school.example')).toBeNull();
  });

  it('keeps the date first agreed, and is withdrawn by unticking', async () => {
    const customer = await createCustomer({ email: 'news@school.example' });
    expect(await marketingConsentOf(customer.id)).toBeNull();
    await setMarketingConsent(customer.id, true);
    const first = await marketingConsentOf(customer.id);
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await setMarketingConsent(customer.id, true);
    expect(await marketingConsentOf(customer.id)).toEqual(first);
    // It is part of what the shop holds about them.
    const data = await collectPersonData('news@school.example');
    expect(data.account!.marketingConsentAt).toBe(first!.toISOString());
    expect(personDataHtml(data, 'Fieldhouse')).toContain('News of products and offers');
    await setMarketingConsent(customer.id, false);
    expect(await marketingConsentOf(customer.id)).toBeNull();
    expect((await collectPersonData('news@school.example')).account!.marketingConsentAt).toBeNull();
  });
});
