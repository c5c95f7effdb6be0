import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * The server's one logger: a JSON line per event on stdout (pretty in a development terminal),
 * with the request's id on every line logged while a request is handled.
 *
 * No personal data reaches a log: fields that may carry it are redacted by name wherever they
 * are logged (REDACTED_PATHS), errors keep only their type, message, stack and codes (a database
 * error's detail repeats the row it refused, a failed query's message its values), and every
 * line is scrubbed of e-mail addresses and link tokens before it is written (scrubLine), which
 * catches those in free text: a message, an error's message or its stack.
 */

/** Keys whose values may be a person's data or a secret, at the top of a log line or one below. */
const SENSITIVE_KEYS = [
  'email',
  'name',
  'phone',
  'password',
  'token',
  'cookie',
  'authorization',
  'to',
  'replyTo',
  'clientAddress',
];

export const REDACTED_PATHS = [
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`]),
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
];

/**
 * Escapes inside a JSON string come first, so an address right after `\n` or `\u0041` is replaced
 * without breaking the escape. An address: local part, @, a domain with a dot. A link token: the
 * path segment after /enquiries/ or /quotations/ (43 characters of base64url), or the value of a
 * `token`, `code` or `state` parameter in a URL.
 */
const LINE_SECRETS =
  /(\\u[0-9a-fA-F]{4}|\\.)|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}|(\/(?:enquiries|quotations)\/)[A-Za-z0-9_-]{16,}|([?&](?:token|code|state)=)[^&\s"\\]+/g;

/** A serialized log line without the e-mail addresses and link tokens in it (see LINE_SECRETS). */
export function scrubLine(line: string): string {
  return line.replace(
    LINE_SECRETS,
    (match, escape?: string, linkPath?: string, parameter?: string) =>
      escape ??
      (linkPath ? `${linkPath}[token]` : parameter ? `${parameter}[redacted]` : '[email]'),
  );
}

/** Error properties worth a log line: codes and names, never the values a query carried. */
const ERROR_FIELDS = ['code', 'status', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * An error as a log line holds it: its type, message, stack, codes and cause. A failed query's
 * message and stack lose the values it was sent with (Drizzle puts them after `params:`), and
 * other properties (a PostgreSQL error's `detail` and `where` quote the row) are left out.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const withoutParams = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
  };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The options every logger of the server shares; `level` from LOG_LEVEL unless given. */
export function loggerOptions(level = process.env.LOG_LEVEL): LoggerOptions {
  return {
    level: level && LEVELS.includes(level) ? level : 'info',
    redact: REDACTED_PATHS,
    serializers: { err: serializeError },
    timestamp: pino.stdTimeFunctions.isoTime,
    hooks: { streamWrite: scrubLine },
  };
}

/** A logger writing to `destination`, for the tests of what reaches a log. */
export function createLogger(destination: DestinationStream, level?: string): Logger {
  return pino(loggerOptions(level), destination);
}

/**
 * Pretty lines for a person at a terminal in development (pino-pretty is a development
 * dependency, loaded only then); JSON everywhere else, written asynchronously and flushed when
 * the process exits.
 */
async function destination(): Promise<DestinationStream> {
  if (process.env.NODE_ENV === 'development' && process.stdout.isTTY) {
    const { default: pretty } = await import('pino-pretty');
    return pretty({ colorize: true, ignore: 'pid,hostname' });
  }
  return pino.destination({ dest: 1, sync: false });
}

const root: Logger = pino(loggerOptions(), await destination());

/** The request being handled: its id, and its logger once something logs (most requests never). */
export const requestLogs = new AsyncLocalStorage<{ reqId: string; logger?: Logger }>();

/**
 * The logger for this moment: the current request's (its lines carry `reqId`), or the process's
 * outside a request.
 */
export function log(): Logger {
  const request = requestLogs.getStore();
  if (!request) return root;
  request.logger ??= root.child({ reqId: request.reqId });
  return request.logger;
}
