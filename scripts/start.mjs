// Starts the shop: builds when the build is missing or older than the sources, then boots
// (validate config, lock data folder, migrate, seed) and serves. `--dev` serves through Vite.
// WEB_CONCURRENCY=N (PostgreSQL) runs N server processes on the port; this one then only watches.
import cluster from 'node:cluster';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureFreshBuild } from './lib/build.mjs';

// Settings from .env when there is one (see .env.example); variables already set win.
if (existsSync('.env')) process.loadEnvFile('.env');

const dev = process.argv.includes('--dev');
// React and React Router pick their development builds unless told otherwise: several times slower.
process.env.NODE_ENV ??= dev ? 'development' : 'production';
const BUILD = path.resolve('build/server/index.js');
/** How long an idle keep-alive connection is kept: past Caddy's 2 minutes. */
const KEEP_ALIVE_MS = 125_000;

/**
 * Serves the Brotli copies the build writes next to scripts and stylesheets (vite.config.ts) to
 * browsers that accept them; everything else falls through to the static files, which the
 * compression middleware compresses per request.
 */
function precompressed(dir) {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!/\bbr\b/.test(req.headers['accept-encoding'] ?? '')) return next();
    let name;
    try {
      name = decodeURIComponent(req.path);
    } catch {
      return next(); // not a file's name: the static files answer it (404)
    }
    const file = path.join(root, path.normalize(name));
    if (!file.startsWith(root + path.sep) || !/\.(js|css)$/.test(file)) return next();
    if (!existsSync(`${file}.br`)) return next();
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(path.extname(file));
    res.sendFile(`${file}.br`, { immutable: true, maxAge: '1y' });
  };
}

async function loadApp() {
  if (!dev) {
    ensureFreshBuild();
    return import(BUILD);
  }
  const vite = await import('vite');
  const server = await vite.createServer({ server: { middlewareMode: true } });
  const mod = await server.ssrLoadModule('./server/app.ts');
  return { ...mod, vite: server };
}

/**
 * The number of server processes WEB_CONCURRENCY asks for; 1 when it is unset or not a number
 * (the one process's configuration check then names it).
 */
function processesWanted() {
  const wanted = Number(process.env.WEB_CONCURRENCY ?? 1);
  return dev || !Number.isInteger(wanted) || wanted < 1 ? 1 : wanted;
}

/**
 * WEB_CONCURRENCY processes sharing the port (only with PostgreSQL: env.server.ts refuses it on
 * the embedded database). This primary process builds, forks and watches; it loads none of the
 * shop. The workers boot one after another, so the first migrates, seeds and creates the admin
 * before the next starts and finds it done. Each connection goes to the next worker in turn
 * (Node's cluster round-robin). A worker that fails its first boot stops the server with its
 * message; one that dies later is replaced, a little later each time, and after six deaths in a
 * minute the server stops (for the supervisor to restart, as it would a single process).
 * SIGHUP replaces the workers one at a time; SIGTERM and SIGINT stop each gracefully.
 * Decision 009.
 */
async function runPrimary(count) {
  ensureFreshBuild();
  // The primary's own lines (starting, replacing and stopping processes), as JSON like the rest.
  const { pino } = await import('pino');
  // A LOG_LEVEL that is no level is the workers' configuration error to name, not a crash here.
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const log = pino({
    level: levels.includes(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
  });
  // A scrape reaches one process: it asks this one for the metrics of all of them, summed.
  if (process.env.METRICS_TOKEN) {
    const { AggregatorRegistry } = await import('prom-client');
    const registry = new AggregatorRegistry();
    cluster.on('message', (worker, message) => {
      if (message?.type !== 'fieldhouse:metrics') return;
      const answer = (reply) =>
        worker.isConnected() &&
        worker.send({ type: 'fieldhouse:metrics', id: message.id, ...reply });
      registry.clusterMetrics().then(
        (text) => answer({ text }),
        (error) => answer({ error: String(error?.message ?? error) }),
      );
    });
  }
  let stopping = false;
  let serving = false;
  let reloading = false;
  // Workers being stopped on purpose (a rolling restart): their exit is no death to replace.
  const retiring = new Set();
  const deaths = [];
  /**
   * Forks a worker: `boot` (the first start: a failure stops the server), `replace` (after a
   * death: a failure is another death) or `reload` (a rolling restart: a failure ends it).
   * Resolves true once the worker listens, false when it exits first.
   */
  const socket = systemdSocket();
  const fork = (kind) => {
    const worker = cluster.fork(socket ? { FIELDHOUSE_LISTEN_FD: String(socket.fd) } : {});
    let served = false;
    const listening = new Promise((resolve) => {
      worker.once('listening', () => {
        served = true;
        if (kind === 'replace') log.info('A new server process is serving.');
        resolve(true);
      });
      worker.once('exit', () => resolve(false));
    });
    worker.once('exit', (code, signal) => {
      if (stopping || retiring.has(worker)) return;
      if (!served && kind === 'boot') {
        stop(code || 1); // a first boot failed; the worker printed why (configuration, database…)
        return;
      }
      if (!served && kind === 'reload') return; // the restart says so and keeps the old one
      const now = Date.now();
      deaths.push(now);
      while (deaths[0] < now - 60_000) deaths.shift();
      if (deaths.length > 5) {
        log.fatal('Server processes died more than five times in a minute: stopping.');
        stop(1);
        return;
      }
      log.error(`A server process ended (${signal ?? `exit code ${code}`}); starting another.`);
      setTimeout(() => stopping || fork('replace'), 500 * deaths.length);
    });
    return { worker, listening };
  };
  /** SIGTERM to a worker (a graceful stop: server/shutdown.ts); resolves with its exit code. */
  const retire = (worker) => {
    retiring.add(worker);
    const gone = new Promise((resolve) => worker.once('exit', (code) => resolve(code)));
    worker.process.kill('SIGTERM');
    return gone;
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
  const stop = (exitCode) => {
    if (stopping) return;
    stopping = true;
    const workers = alive();
    log.info(`Stopping the ${workers.length} server processes.`);
    // Each stops gracefully; one that had to cut requests at its time limit makes the exit 1.
    Promise.all(workers.map(retire)).then((codes) => {
      const code = exitCode || (codes.some((c) => c !== 0) ? 1 : 0);
      log.info({ exitCode: code }, 'Stopped');
      process.exit(code);
    });
  };
  /**
   * SIGHUP: every worker is replaced, one at a time: a new one starts (loading the build as it is
   * now), and once it listens an old one stops gracefully, so the port always has a process
   * accepting its connections. A new one that fails to start ends the restart; the old ones left
   * keep serving.
   */
  const reload = async () => {
    if (stopping) return;
    if (!serving || reloading) {
      log.warn('SIGHUP ignored: the server processes are still starting or restarting.');
      return;
    }
    reloading = true;
    const old = alive();
    log.info(`SIGHUP: restarting the ${old.length} server processes one at a time.`);
    let replaced = 0;
    for (const worker of old) {
      if (stopping) break;
      const { worker: fresh, listening } = fork('reload');
      if (!(await listening)) {
        log.error(
          `A new server process did not start; the restart stops after ${replaced} of ${old.length} and the others keep serving.`,
        );
        break;
      }
      if (stopping) break;
      if (!worker.isDead()) {
        const code = await retire(worker);
        log.info(
          `Server process ${worker.process.pid} replaced by ${fresh.process.pid} (exit code ${code}).`,
        );
      }
      replaced++;
    }
    reloading = false;
    if (replaced === old.length)
      log.info(`Restart done: ${replaced} new server processes serving.`);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  process.on('SIGHUP', () => void reload());
  // One after another: the first migrates, seeds and creates the admin before the next starts.
  for (let i = 0; i < count; i++) if (!(await fork('boot').listening)) return;
  serving = true;
  log.info(`${servedOn(socket, process.env.PORT ?? 3000)} (${count} processes)`);
}

/**
 * The listening socket systemd hands over with socket activation (deploy/fieldhouse.socket): fd 3,
 * when LISTEN_FDS names one for this process (LISTEN_PID). systemd keeps the socket open while the
 * server restarts, so connections that arrive meanwhile wait in its queue for the new process
 * instead of being refused or reset. Several processes: the primary is the one systemd started,
 * and it listens on the socket for its workers (Node's cluster), which it tells so.
 */
function systemdSocket() {
  if (process.env.FIELDHOUSE_LISTEN_FD) return { fd: Number(process.env.FIELDHOUSE_LISTEN_FD) };
  const handed = Number(process.env.LISTEN_FDS) >= 1;
  return handed && Number(process.env.LISTEN_PID) === process.pid ? { fd: 3 } : null;
}

/** Where the log says the shop is served: systemd's socket, or the port it opened. */
const servedOn = (socket, port) =>
  `Fieldhouse is serving on ${socket ? 'the socket from systemd' : `http://localhost:${port}`}`;

const processes = processesWanted();
if (cluster.isPrimary && processes > 1) await runPrimary(processes);
else await serve();

async function serve() {
  // Before Express, pg and the shop load: the instrumentations hook them as they do.
  const stopTracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (await import('./lib/tracing.mjs')).startTracing()
    : undefined;
  const [{ default: compression }, { default: express }] = await Promise.all([
    import('compression'),
    import('express'),
  ]);
  let mod;
  try {
    mod = await loadApp();
    await mod.boot();
    const port = Number(process.env.PORT ?? 3000);
    const app = express();
    app.disable('x-powered-by');
    // First: every request gets its id and its line in the log, static files too.
    app.use(mod.requestObserver());
    app.use(compression());
    // Security headers on the static files too (nosniff, framing); createApp keeps this nonce.
    app.use(mod.securityHeadersFor());
    if (mod.vite) {
      app.use(mod.vite.middlewares);
    } else {
      app.use('/assets', precompressed('build/client/assets'));
      app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
      // Only for the names that exist at the top of build/client (favicon.svg…): any other
      // request (every page, the API) would cost a file-system stat before falling through.
      const clientFiles = new Set(readdirSync('build/client'));
      const clientStatic = express.static('build/client', { maxAge: '1h', index: false });
      app.use((req, res, next) => {
        if (!clientFiles.has(req.path.split('/', 2)[1])) return next();
        res.locals.route = '/static';
        clientStatic(req, res, next);
      });
    }
    app.use(mod.createApp());
    const socket = systemdSocket();
    const server = app.listen(
      socket ?? port,
      () => cluster.isWorker || mod.log().info(servedOn(socket, port)),
    );
    // An idle keep-alive connection stays open longer than a client or proxy keeps one for
    // reuse (Caddy: 2 minutes). With Node's 5 seconds, the server closed a connection just as
    // the other side sent its next request on it: a reset, which no client retries for a POST
    // (an enquiry sent through Caddy would have failed with a 502).
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // A graceful stop (server/shutdown.ts): requests in flight, the mail being sent and the job
    // running finish within SHUTDOWN_TIMEOUT_MS; then the database closes and the spans still
    // buffered are sent. Exit code 1 when something had to be cut.
    const shutdown = mod.prepareShutdown(server, { finally: stopTracing });
    const stop = (signal) => shutdown(signal).then((code) => process.exit(code));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // A rolling restart is the primary's (WEB_CONCURRENCY above 1); a single process has no
    // other to hand its port to while it restarts.
    process.on('SIGHUP', () => {
      if (!cluster.isWorker)
        mod.log().warn('SIGHUP ignored: a restart without a gap needs WEB_CONCURRENCY above 1.');
    });
  } catch (error) {
    if (error?.name === 'ConfigError' || error?.name === 'DataDirLockedError') {
      if (mod) mod.log().fatal(error.message);
      else console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
