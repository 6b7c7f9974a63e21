import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core inside the browser journeys: WCAG 2.0 and 2.1, levels A and AA, and axe's best
 * practices. A serious or critical violation fails the journey on the screen it was found on,
 * naming the rule and the elements. axe is evaluated through the browser's debugging protocol, so
 * the portal's Content-Security-Policy stays as strict as users get it.
 */

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * What is accepted, each with its reason: a rule off everywhere, or elements a rule skips. Keep
 * this short; a new screen fixes its violations instead of adding here.
 */
const accepted: { rule: string; selector?: string; reason: string }[] = [];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** The serious and critical violations on the page as it is now. */
export async function accessibilityViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const rulesOff = accepted.filter((item) => !item.selector).map((item) => item.rule);
  const exclude = accepted.filter((item) => item.selector).map((item) => item.selector as string);
  const results = await page.evaluate(
    async ({ runTags, off, skip }) => {
      const found = await window.axe!.run(
        skip.length > 0 ? { include: [document], exclude: skip.map((selector) => [selector]) } : document,
        {
          runOnly: { type: 'tag', values: runTags },
          rules: Object.fromEntries(off.map((rule) => [rule, { enabled: false }])),
          resultTypes: ['violations'],
        },
      );
      return found.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String),
          failureSummary: node.failureSummary,
        })),
      }));
    },
    { runTags: tags, off: rulesOff, skip: exclude },
  );
  return results.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Fails with a readable list when the screen has a serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length === 0) return;
  const width = page.viewportSize()?.width;
  const lines = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 6)
        .map(
          (node) =>
            `    ${node.target.join(' ')}${node.failureSummary ? ` — ${firstLine(node.failureSummary)}` : ''}`,
        )
        .join('\n') +
      (violation.nodes.length > 6 ? `\n    … and ${violation.nodes.length - 6} more` : ''),
  );
  throw new Error(`${screen} at ${width} px is not accessible:\n  ${lines.join('\n  ')}`);
}

function firstLine(summary: string): string {
  return summary.split('\n').slice(1, 2).join(' ').trim() || summary.split('\n')[0]!;
}
