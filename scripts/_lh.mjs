import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
for (const name of process.argv.slice(2)) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const r = await lighthouse(`http://localhost:3197/${name}`, { port: chrome.port, output: 'json', logLevel: 'error', blockedUrlPatterns: ['*.js'] });
    out.push(r.lhr.audits.metrics.details.items[0].observedFirstContentfulPaint);
  }
  console.log(name, out.join(' '));
}
await chrome.kill();
