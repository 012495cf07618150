import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 levels A and AA (colour contrast among them), and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits until no finite animation or transition runs (a fade half-way would be judged on a blended colour);
 * endless ones (spinners) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Runs axe-core on the page (or the part `include` selects) once it has settled, and expects no violation. A
 * failure lists each rule with the elements it failed on.
 */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  await settled(page);
  let axe = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) axe = axe.include(include);
  const { violations } = await axe.analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'unknown'}) at ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
    ),
  );
  expect(found, `axe-core violations on ${what}`).toEqual([]);
}
