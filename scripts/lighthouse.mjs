// `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) with the system Chromium
// against the built shop on a temporary data folder with the demo catalogue: /, /shop and
// /products/3, three runs each. Prints the medians and the first-load JS+CSS bytes: as transferred
// (Brotli, which Chromium accepts) and as gzip (what a browser without Brotli gets; the budget).
// Exits 1 when the median performance score of /, /shop or a product page is below 95.
import http from 'node:http';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { startShop } from './lib/shop-server.mjs';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/shop,/products/3' },
    runs: { type: 'string', default: '3' },
    // Print the LCP element and the requests of each page's first run: for finding what is slow.
    details: { type: 'boolean', default: false },
  },
});
const PAGES = args.pages.split(',');
const RUNS = Number(args.runs);
/** The pages whose median performance score must stay at MIN_PERFORMANCE or above. */
const GUARDED = (page) => page === '/' || page === '/shop' || page.startsWith('/products/');
const MIN_PERFORMANCE = 95;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Bytes transferred by the `requests` of these resource types. */
const transferred = (requests, types) =>
  requests
    .filter((r) => types.includes(r.resourceType))
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
const kib = (bytes) => (bytes / 1024).toFixed(1);
/** Size of `url`'s body as the server sends it to a client that accepts only gzip. */
const gzipBytes = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });

// LIGHTHOUSE_PORT: several checkouts share a machine; each picks its own port.
const shop = await startShop({ port: Number(process.env.LIGHTHOUSE_PORT ?? 3211) });
const BASE = shop.base;
let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const rows = [];
  for (const page of PAGES) {
    // Measure a warm server, as production runs: the first render of a route in a fresh process
    // pays for loading its module and filling the catalogue cache, which is not what users see.
    for (let i = 0; i < 5; i++) await (await fetch(`${BASE}${page}`)).text();
    const runs = [];
    let gzip = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${BASE}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      const { categories, audits } = result.lhr;
      const requests = audits['network-requests']?.details?.items ?? [];
      const observed = audits.metrics?.details?.items?.[0] ?? {};
      if (i === 0) {
        const urls = requests
          .filter((r) => ['Script', 'Stylesheet'].includes(r.resourceType))
          .map((r) => r.url);
        gzip = (await Promise.all(urls.map(gzipBytes))).reduce((sum, n) => sum + n, 0);
      }
      if (args.details && i === 0) {
        const element = audits['largest-contentful-paint-element']?.details?.items?.[0];
        console.log(
          `${page} observed: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, DCL ${observed.observedDomContentLoaded} ms`,
        );
        console.log(`${page} LCP element:`, JSON.stringify(element?.items?.[0]?.node?.snippet));
        console.log(
          `${page} LCP phases:`,
          JSON.stringify(element?.items?.[1]?.items ?? audits['lcp-breakdown-insight']?.details),
        );
        for (const r of requests) {
          console.log(
            `  ${r.resourceType ?? '?'} ${r.priority ?? ''} ${Math.round(r.transferSize ?? 0)} B ` +
              `${Math.round(r.networkRequestTime ?? 0)}-${Math.round(r.networkEndTime ?? 0)} ms ${r.url}`,
          );
        }
      }
      if (args.details) {
        // What blocks the main thread (TBT): each long task as Lighthouse simulates it.
        for (const task of audits['long-tasks']?.details?.items ?? []) {
          console.log(
            `  long task ${Math.round(task.startTime)} ms +${Math.round(task.duration)} ms ${task.url}`,
          );
        }
        // Lantern's estimate counts what finished loading before the observed paint: whether the
        // scripts and the lazily loaded images got there first is what moves LCP between runs.
        const before = requests.filter(
          (r) => r.networkEndTime <= observed.observedLargestContentfulPaint,
        );
        console.log(
          `${page} run ${i + 1}: performance ${Math.round(categories.performance.score * 100)}, TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms, LCP ${Math.round(audits['largest-contentful-paint'].numericValue)} ms (observed ${observed.observedLargestContentfulPaint} ms); ` +
            `finished before it: ${before.length} requests, scripts ${kib(transferred(before, ['Script']))} KiB, images ${kib(transferred(before, ['Image']))} KiB`,
        );
      }
      runs.push({
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories['best-practices'].score * 100,
        seo: categories.seo.score * 100,
        lcp: audits['largest-contentful-paint'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        bytes: transferred(requests, ['Script', 'Stylesheet']),
      });
    }
    const medians = Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]);
    rows.push({ page, ...Object.fromEntries(medians), gzip });
    console.log(`${page}: measured`);
  }
  console.log(`\nLighthouse ${RUNS} runs each, mobile preset, simulated throttling (medians)\n`);
  console.log(
    '| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | JS+CSS transferred | JS+CSS gzip |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${kib(r.bytes)} KiB | ${kib(r.gzip)} KiB |`,
    );
  }
  // The regression guard: the real-browser measure is `npm run speed`; this score only has to
  // stay where it is on the pages people land on.
  const low = rows.filter((r) => GUARDED(r.page) && r.performance < MIN_PERFORMANCE);
  for (const r of low)
    console.error(`${r.page}: performance ${r.performance}, below ${MIN_PERFORMANCE}`);
  if (low.length) process.exitCode = 1;
} finally {
  await chrome?.kill();
  await shop.stop();
}
