import { createContext, useContext } from 'react';

/**
 * This response's Content-Security-Policy nonce, set by entry.server.tsx on the server. In the
 * browser it is empty: browsers hide the attribute after parsing and scripts added later are
 * allowed by the ones that already ran.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
