// A Playwright reporter that names the tests that used more than half of their time limit: on a
// busier machine those are the ones that time out, so they are split or given more time before
// they fail someone's run. Prints nothing when there are none.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Near {
  title: string;
  duration: number;
  timeout: number;
}

export default class NearTimeoutReporter implements Reporter {
  private near: Near[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (test.timeout > 0 && result.duration > test.timeout / 2)
      this.near.push({
        title: `${test.location.file.split('/').pop()}:${test.location.line} › ${test.title}`,
        duration: result.duration,
        timeout: test.timeout,
      });
  }

  onEnd() {
    if (this.near.length === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log('\nTests that used more than half of their time limit:');
    for (const n of this.near.sort((a, b) => b.duration / b.timeout - a.duration / a.timeout))
      console.log(`  ${seconds(n.duration)} of ${seconds(n.timeout)}  ${n.title}`);
  }

  printsToStdio() {
    return false;
  }
}
