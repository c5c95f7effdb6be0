import { PHONE_MIN } from '~/lib/constants';

const PHONE_CHARACTERS = /^[0-9+\s\-().]+$/;

/**
 * A phone number as people write one: digits with `+`, brackets, dashes, dots and spaces, and at
 * least PHONE_MIN digits ('(((((((' is seven characters but no number). One rule for the contact
 * form, the enquiry's contact and the profile.
 */
export function isPhoneNumber(value: string): boolean {
  return PHONE_CHARACTERS.test(value) && (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN;
}
