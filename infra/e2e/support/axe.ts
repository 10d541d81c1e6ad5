import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on what the page shows now and fails with the
 * violations listed (rule, impact, the first offending elements), so a report reads at a glance.
 * `include` narrows the check to a region (e.g. an open dialog).
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `    ${node.target.join(' ')}`)
        .join('\n'),
  );
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}
