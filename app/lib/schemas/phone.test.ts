import { describe, expect, it } from 'vitest';
import { ContactFormSchema } from './contact';
import { profileSchema } from './account';
import { isPhoneNumber } from './phone';

describe('isPhoneNumber', () => {
  it('takes numbers as people write them', () => {
    for (const phone of ['+65 6123 4567', '61234567', '(65) 6123-4567', '+65.9123.4567', '1234567'])
      expect(isPhoneNumber(phone), phone).toBe(true);
  });

  it('refuses what has too few digits or other characters, however long', () => {
    for (const phone of [
      '(((((((',
      '+ - ( ) .',
      '(12) 345',
      'call me maybe',
      '6123 4567 ext 2',
      '',
    ])
      expect(isPhoneNumber(phone), phone).toBe(false);
  });

  it('is the rule of the contact form and the profile', () => {
    const contact = (phone: string) =>
      ContactFormSchema.safeParse({
        name: 'Mdm Lim',
        email: 'lim@school.example',
        phone,
        message: 'Hi',
      });
    expect(contact('+65 6123 4567').success).toBe(true);
    expect(contact('(((((((').success).toBe(false);
    expect(profileSchema.safeParse({ name: 'Mdm Lim', phone: '(((((((' }).success).toBe(false);
    expect(profileSchema.safeParse({ name: 'Mdm Lim', phone: '' }).success).toBe(true);
  });
});
