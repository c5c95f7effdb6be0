import type { Server, ServerResponse } from 'node:http';
import { stopBackgroundWork } from '~/services/boot.server';
import { closeDb } from '~/services/db/client.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { mailSettled } from '~/services/mail/queue.server';

/**
 * A graceful stop (SIGTERM, SIGINT, or a worker retired by a rolling restart): nothing that was
 * accepted is dropped while there is time, and nothing new is started.
 */

let stopping = false;

/** True once this process has begun to stop: /readyz then answers 503. */
export function isStopping(): boolean {
  return stopping;
}

export interface ShutdownOptions {
  /** How long requests in flight and the mail or job under way may take; SHUTDOWN_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Last work before the exit, after the database is closed (sending buffered trace spans). */
  finally?: () => Promise<unknown>;
}

const after = (ms: number) =>
  new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

/**
 * Watches `server`'s requests from now on and returns the function that stops it, which
 * resolves to the exit code: 0, or 1 when requests or background work had to be cut at the
 * time limit. Calling it again returns the same stop.
 *
 * The order: /readyz answers 503 (a balancer that probes over a connection it keeps sees it);
 * the listening socket closes, so new connections go to another process or are refused;
 * idle keep-alive connections are closed at once, and each busy one as soon as its response has
 * gone; the mail queue and the scheduler take no new work. When the requests, the message being
 * sent and the job running have finished (or the time is up and the rest is cut), the database
 * is closed.
 */
export function prepareShutdown(
  server: Server,
  options: ShutdownOptions = {},
): (signal: string) => Promise<number> {
  const active = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      // Its connection is idle now, unless the client has already sent the next request on it.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  let done: Promise<number> | undefined;
  const stop = async (signal: string): Promise<number> => {
    const timeoutMs = options.timeoutMs ?? env().shutdownTimeoutMs;
    const logger = log();
    stopping = true;
    logger.info(
      { signal, inFlight: active.size, timeoutMs },
      'Stopping: /readyz answers 503, no new connections are accepted',
    );
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const requests = closed.then(() => logger.info('Requests in flight finished'));
    const background = stopBackgroundWork().then(
      () => logger.info('Mail queue and scheduled jobs stopped'),
      (error: unknown) => logger.error({ err: error }, 'Stopping the mail queue or jobs failed'),
    );

    // A request answered while stopping may have left work behind it (a reset mail is queued
    // after the answer, so its timing tells nothing): that runs before the database closes.
    const settled = Promise.all([requests, background]).then(() => mailSettled());
    let exitCode = 0;
    if ((await Promise.race([settled, after(timeoutMs)])) === 'timeout') {
      exitCode = 1;
      logger.warn(
        { cutRequests: active.size, timeoutMs },
        'Shutdown time limit reached: cutting the requests and background work still running',
      );
      server.closeAllConnections();
    }
    // A pool waits for the queries of cut requests to end; a few seconds at most.
    const closing = closeDb().then(
      () => logger.info('Database closed'),
      (error: unknown) => logger.error({ err: error }, 'Closing the database failed'),
    );
    if ((await Promise.race([closing, after(5000)])) === 'timeout') {
      exitCode = 1;
      logger.warn('The database did not close within 5 s');
    }
    await options.finally?.().catch(() => undefined);
    logger.info({ exitCode }, 'Stopped');
    return exitCode;
  };
  return (signal) => (done ??= stop(signal));
}
