import axe from 'axe-core';

/**
 * axe-core over a rendered screen part in jsdom: the rules of WCAG 2.0/2.1 A and AA and axe's best
 * practices that jsdom can decide (names, roles, labels, ARIA, headings, lists, tables). Colour
 * contrast and what needs layout are left to the browser journeys (e2e/support/axe.ts), which run
 * every rule in Chromium. A serious or critical violation fails the test, naming the rule and the
 * elements.
 */

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Rules jsdom cannot decide (no layout, no computed colours) or that concern a whole page. */
const rulesOff = [
  'color-contrast',
  'region',
  'landmark-one-main',
  'page-has-heading-one',
  'scrollable-region-focusable',
];

export async function expectAccessible(root: Element = document.body, what = 'the screen'): Promise<void> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: tags },
    rules: Object.fromEntries(rulesOff.map((rule) => [rule, { enabled: false }])),
    resultTypes: ['violations'],
  });
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length === 0) return;
  const lines = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 6)
        .map((node) => `    ${node.target.join(' ')}`)
        .join('\n'),
  );
  throw new Error(`${what} is not accessible:\n  ${lines.join('\n  ')}`);
}
