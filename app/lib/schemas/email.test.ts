import { describe, expect, it } from 'vitest';
import { emailField, registerSchema, signInSchema } from './account';
import { ContactFormSchema } from './contact';
import { isEmailAddress, mailtoHref } from './email';
import { GuestContactSchema } from './enquiry';

describe('isEmailAddress', () => {
  it('takes addresses as people type them', () => {
    for (const email of [
      'lim@school.example',
      'Tan.Wei+quotes@moe.edu.sg',
      "o'neil@sports.example.com.sg",
      'a@b.co',
      `${'x'.repeat(242)}@example.com`,
    ])
      expect(isEmailAddress(email), email).toBe(true);
  });

  it('refuses what is not an address, is too long, or would mean more in a mailto: link', () => {
    for (const email of [
      'lim@school',
      'lim school@example.com',
      '@school.example',
      `${'x'.repeat(243)}@example.com`,
      'a@b.co?cc=someone%40x.example&body=Pay%20here',
      'a@b.co#x',
      'a%b@b.co',
      '"Lim" <lim@school.example>',
      'lim@school.example, boss@school.example',
      'lim\u202e@school.example',
      'li\u200bm@school.example',
      '',
    ])
      expect(isEmailAddress(email), email).toBe(false);
  });

  it('is the rule of the account forms, the contact form and a guest enquiry', () => {
    const bad = 'a@b.co?bcc=x@y.example';
    expect(emailField.safeParse(bad).success).toBe(false);
    expect(
      registerSchema.safeParse({
        email: bad,
        name: 'Lim',
        password: 'long enough',
        confirm: 'long enough',
      }).success,
    ).toBe(false);
    expect(
      ContactFormSchema.safeParse({ name: 'Lim', email: bad, phone: '61234567', message: 'Hi' })
        .success,
    ).toBe(false);
    expect(GuestContactSchema.safeParse({ email: bad }).success).toBe(false);
    expect(GuestContactSchema.safeParse({ email: 'lim@school.example' }).success).toBe(true);
  });

  it('caps the sign-in address at the longest there is', () => {
    const long = `${'x'.repeat(3200)}@example.com`;
    expect(signInSchema.safeParse({ email: long, password: 'x' }).success).toBe(false);
    expect(signInSchema.safeParse({ email: 'lim@school.example', password: 'x' }).success).toBe(
      true,
    );
  });
});

describe('mailtoHref', () => {
  it('links to the address alone, whatever it holds', () => {
    expect(mailtoHref('lim@school.example')).toBe('mailto:lim@school.example');
    expect(mailtoHref('a@b.co?cc=x%40y&body=z#f')).toBe('mailto:a@b.co%3Fcc=x%2540y%26body=z%23f');
  });
});
