import { describe, expect, it } from 'vitest';
import { authEndpointOf, servedOverHttp } from './auth-http.server';

describe('the Better Auth endpoints served over HTTP', () => {
  it('are the ones the shop, Google and the tests call', () => {
    for (const path of [
      '/sign-in/email',
      '/sign-out',
      '/get-session',
      '/callback/google',
      '/error',
      '/two-factor/verify-totp',
    ])
      expect(servedOverHttp(path), path).toBe(true);
    for (const path of [
      '/verify-password',
      '/list-sessions',
      '/admin/set-role',
      '/two-factor/view-backup-codes',
      '/two-factor/',
      '/sign-in/email/',
      '/SIGN-IN/email',
    ])
      expect(servedOverHttp(path), path).toBe(false);
  });

  it('are found from the URL as Better Auth reads it, dot segments resolved', () => {
    expect(authEndpointOf('/api/auth/get-session?disableCookieCache=true')).toBe('/get-session');
    expect(authEndpointOf('/api/auth/two-factor/%2e%2e/verify-password')).toBe('/verify-password');
    expect(authEndpointOf('/api/auth/two-factor/../list-sessions')).toBe('/list-sessions');
    expect(authEndpointOf('/api/auth/%2E%2E/api/v1/products')).toBeNull();
  });
});
