import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test';

/**
 * Fails with each serious or critical axe violation on the page as it stands (URL, rule, node),
 * once its finite animations and transitions are over: a toast fading in is half transparent,
 * and axe would judge the contrast of that passing frame instead of what a reader sees.
 */
export async function expectNoSeriousViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${page.url()} ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}
