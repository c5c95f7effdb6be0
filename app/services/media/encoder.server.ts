import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** What the image thread is asked to make from one picture. */
export interface EncodeRequest {
  input: Uint8Array;
  /** Decoded size limit (a decompression bomb fails here rather than filling memory). */
  limitInputPixels: number;
  /** The widest picture stored; a wider one is scaled down to it. */
  maxWidth: number;
  /** Widths of the smaller WebP files (those under the stored width are made). */
  widths: readonly number[];
}

/** The stored picture's files: its JPEG and WebP at its own width, and the smaller WebP files. */
export type EncodeResult =
  | {
      ok: true;
      width: number;
      height: number;
      jpeg: Uint8Array;
      webp: { width: number; data: Uint8Array }[];
    }
  | { ok: false; decode: boolean; message: string };

/** The image thread stops after this long without work: its memory goes back to the system. */
const IDLE_MS = 15_000;

/**
 * A new image thread. From the build it runs the file the build writes for it (vite.config.ts),
 * found as the server finds the rest of its build: from the app's folder. In development and
 * tests, where this module is TypeScript source, it runs the source beside it, through tsx's
 * register API (tsx's `--import` does not reach worker threads).
 */
function newWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(path.resolve('build/server/image-worker.js'), options);
  const source = new URL('./image-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { ...options, eval: true },
  );
}

interface Thread {
  worker: Worker;
  /** Requests sent and not answered yet, by id. */
  pending: Map<number, { resolve: (result: EncodeResult) => void; reject: (error: Error) => void }>;
  idleTimer?: NodeJS.Timeout;
}

let current: Thread | null = null;
let nextId = 1;

function start(): Thread {
  const thread: Thread = {
    // One photo's pixels and files at a time: a small heap, so its collections are quick,
    // bounded so a fault cannot grow it without end.
    worker: newWorker({
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    }),
    pending: new Map(),
  };
  thread.worker.on('message', ({ id, result }: { id: number; result: EncodeResult }) => {
    thread.pending.get(id)?.resolve(result);
    thread.pending.delete(id);
    if (thread.pending.size === 0) idle(thread);
  });
  const fail = (error: Error) => {
    if (current === thread) current = null;
    for (const job of thread.pending.values()) job.reject(error);
    thread.pending.clear();
  };
  thread.worker.on('error', fail);
  thread.worker.on('exit', (code) =>
    fail(new Error(`The image thread stopped (exit code ${code}).`)),
  );
  return thread;
}

/** Between jobs the thread keeps no process alive, and it stops after IDLE_MS. */
function idle(thread: Thread) {
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    if (current === thread) current = null;
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idleTimer.unref();
}

/**
 * Decodes `request.input` once and encodes its stored files in the image thread (started on
 * first use, stopped when idle). A picture that does not decode resolves `{ ok: false, decode:
 * true }`; the thread failing rejects.
 */
export function encodeImage(request: EncodeRequest): Promise<EncodeResult> {
  const thread = (current ??= start());
  clearTimeout(thread.idleTimer);
  thread.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.postMessage({ id, request });
  });
}

/** Stops the image thread now: a picture it is encoding fails; the next one starts a new thread. */
export async function stopImageThread(): Promise<void> {
  const thread = current;
  current = null;
  if (!thread) return;
  clearTimeout(thread.idleTimer);
  await thread.worker.terminate();
}
