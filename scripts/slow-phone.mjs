// `npm run speed`: the shop as a slow phone gets it, in a real browser (Debian's Chromium driven
// by Playwright), not a simulation. Chrome DevTools' "Slow 4G" network preset and a CPU four times
// slower, a 390 px wide screen at 3x, a mobile user agent and a cold cache (a new browser context
// for every load). The built shop runs on a temporary data folder with the demo catalogue; the
// server is warmed first (the browser never is).
//
// For each page, RUNS cold loads recording
//   - LCP: the last 'largest-contentful-paint' entry, read once the page has loaded and settled;
//   - live: from navigation start until React has hydrated the page (the root marks
//     <html data-hydrated> in an effect; a MutationObserver installed before any of the page's
//     scripts notes the time);
// then a tap on the page's main control must be handled by the page (the product's Add to Cart
// shows its toast; the listing's Filters button opens its dialog).
// Prints every run and the medians; exits 1 when a median is over its budget or a tap was not
// handled.
//
//   node scripts/slow-phone.mjs [--runs 5] [--pages /products/3,/shop]
/* global window, document, MutationObserver -- observe() and the callbacks run in the page */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { startShop } from './lib/shop-server.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '/products/3,/shop' },
  },
});
const RUNS = Number(args.runs);
const PAGES = args.pages.split(',');

/** The budgets, in milliseconds, for the median of the runs. */
const BUDGET = { lcp: 2500, live: 3500 };

/**
 * Chrome DevTools' "Slow 4G" preset (the same numbers as Puppeteer's PredefinedNetworkConditions,
 * which follow DevTools): 150 ms RTT × 3.75 and 1.6 Mbit/s down, 750 kbit/s up, × 0.9, in bytes a
 * second. Lighthouse's devtools preset is the same but for 1.6 × 1024 kbit/s down (1.47 Mbit/s
 * rather than 1.44), so these loads are a shade slower than its.
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;

/** A phone 390 px wide at 3x, touch, with Chrome for Android's user agent. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
};

/** Each page's main control: what to tap once the page is live, and what shows it was handled. */
const CONTROLS = {
  product: {
    tap: (page) => page.getByRole('button', { name: /^Add to (Cart|Enquiry)$/ }),
    handled: (page) => page.getByText(/^Added to (Cart|Enquiry)$/).first(),
  },
  listing: {
    tap: (page) => page.getByRole('button', { name: /Filters/ }),
    handled: (page) => page.getByRole('dialog', { name: 'Filters' }),
  },
};
const controlOf = (pathname) => (pathname.startsWith('/products/') ? 'product' : 'listing');

/**
 * Runs in the page before its own scripts: notes when <html data-hydrated> appears and keeps the
 * largest contentful paint entries.
 */
function observe() {
  const marks = { hydratedAt: null, lcp: null };
  window.__slowPhone = marks;
  const check = () => {
    if (marks.hydratedAt === null && document.documentElement?.hasAttribute('data-hydrated'))
      marks.hydratedAt = performance.now();
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-hydrated'],
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function coldLoad(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForFunction(() => window.__slowPhone.hydratedAt !== null, null, {
      timeout: 60_000,
    });
    // Settle: a later, larger paint (a picture decoded after hydration) would still count.
    await page.waitForTimeout(1000);
    const { hydratedAt, lcp } = await page.evaluate(() => window.__slowPhone);

    const control = CONTROLS[controlOf(new URL(url).pathname)];
    const tappedAt = Date.now();
    await control.tap(page).tap({ timeout: 10_000 });
    const handled = await control
      .handled(page)
      .waitFor({ state: 'visible', timeout: 15_000 })
      .then(() => Date.now() - tappedAt)
      .catch(() => null);
    return { lcp, live: hydratedAt, tap: handled };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => (value === null ? '—' : `${Math.round(value)}`);

const shop = await startShop({ port: Number(process.env.LIGHTHOUSE_PORT ?? 3211) });
let failed = false;
const rows = [];
const started = loadavg()[0];
let browser;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  for (const pathname of PAGES) {
    const url = `${shop.base}${pathname}`;
    // A warm server, as production runs: the first render of a route in a fresh process pays for
    // loading its module and filling the catalogue cache.
    for (let i = 0; i < 5; i++) await (await fetch(url)).text();
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await coldLoad(browser, url);
      runs.push(run);
      console.log(
        `${pathname} run ${i + 1}: LCP ${ms(run.lcp)} ms, live ${ms(run.live)} ms, tap handled ${run.tap === null ? 'NOT' : `in ${ms(run.tap)} ms`}`,
      );
    }
    const lcp = median(runs.map((r) => r.lcp ?? Infinity));
    const live = median(runs.map((r) => r.live));
    const taps = runs.filter((r) => r.tap !== null).length;
    const ok = lcp <= BUDGET.lcp && live <= BUDGET.live && taps === RUNS;
    if (!ok) failed = true;
    rows.push({ pathname, runs, lcp, live, taps, ok });
  }
} finally {
  await browser?.close();
  await shop.stop();
}

const ended = loadavg()[0];
console.log(
  `\nSlow phone (DevTools Slow 4G: ${SLOW_4G.latency} ms RTT, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down; CPU ${CPU_SLOWDOWN}x slower; 390 px at 3x; cold cache), ${RUNS} cold loads each, medians. Load average ${started.toFixed(1)} → ${ended.toFixed(1)}.\n`,
);
console.log(
  `| page | LCP median (≤ ${BUDGET.lcp} ms) | live median (≤ ${BUDGET.live} ms) | taps handled | LCP, each run | live, each run | verdict |`,
);
console.log('| --- | ---: | ---: | ---: | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.pathname} | ${ms(r.lcp)} | ${ms(r.live)} | ${r.taps}/${RUNS} | ${r.runs.map((x) => ms(x.lcp)).join(', ')} | ${r.runs.map((x) => ms(x.live)).join(', ')} | ${r.ok ? 'within budget' : 'OVER BUDGET'} |`,
  );
}
process.exit(failed ? 1 : 0);
