// OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: scripts/start.mjs imports
// this module then, and only then, before Express, pg or the shop are loaded (instrumentation
// hooks the modules as they load). Without the variable none of it is loaded.
import { register } from 'node:module';

/**
 * A request's URL as a span may hold it: without its query (reset links, sign-in codes) and without
 * the token of a guest's enquiry or quotation link.
 */
export function scrubUrl(url) {
  return url.split('?')[0].replace(/\/(enquiries|quotations)\/[^/]+/, '/$1/[token]');
}

/** Spans of incoming requests carry the scrubbed URL in every attribute that names it. */
function scrubRequestSpan(span, request) {
  if (!('socket' in request) || typeof request.url !== 'string' || !('httpVersion' in request))
    return;
  const path = scrubUrl(request.url);
  const full = `http://${request.headers.host ?? 'localhost'}${path}`;
  span.setAttributes({ 'http.target': path, 'http.url': full, 'url.path': path, 'url.full': full });
}

/**
 * Starts the Node SDK with the HTTP, Express and pg instrumentations, sending spans to the OTLP
 * endpoint (the standard OTEL_* variables configure it further). Returns the shutdown, which sends
 * the spans still buffered.
 */
export async function startTracing() {
  // The shop is loaded as ES modules: their imports are hooked through Node's loader.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  // Traces only, unless the operator asks for more: the shop's metrics are Prometheus's.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  process.env.OTEL_SERVICE_NAME ??= 'fieldhouse';
  const [{ NodeSDK }, { HttpInstrumentation }, { ExpressInstrumentation }, { PgInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-express'),
      import('@opentelemetry/instrumentation-pg'),
    ]);
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({ requestHook: scrubRequestSpan }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
