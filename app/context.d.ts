import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * The client's address for rate limits: the TCP peer, or the X-Forwarded-For entry that the
     * nearest of TRUST_PROXY trusted proxies recorded (client-address.server.ts).
     */
    clientAddress?: string;
    /** This response's Content-Security-Policy nonce (server/headers.ts). */
    cspNonce?: string;
    /** This request's id (its X-Request-Id and every log line's `reqId`): server/observe.ts. */
    requestId?: string;
  }
}
