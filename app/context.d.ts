import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** The TCP peer's address (rate limits; X-Forwarded-For only with TRUST_PROXY=1). */
    clientAddress?: string;
  }
}
