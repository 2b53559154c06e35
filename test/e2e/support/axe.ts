import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

// axe-core runs in the page itself, over the DOM the user sees: rules that need layout (contrast,
// landmarks) see the real rendering in Chromium. Its source is evaluated through the DevTools
// protocol rather than added as a <script> tag: the popup's CSP (script-src 'self') rightly refuses
// inline scripts, and the test should not loosen it (bypassCSP) to get in.
const AXE_SOURCE = join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

/** One line per violation and node: rule, impact, where, and what the rule asks for. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? 'no impact'}) at ${node.target.join(' ')}: ` +
          `${violation.help}`,
      ),
    )
    .join('\n');
}

/** Runs every axe rule over the page as it is now; throws a readable list of violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  if (!(await page.evaluate(() => window.axe !== undefined))) {
    await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
  }
  const results = await page.evaluate(() => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    return axe.run(document, { resultTypes: ['violations'] });
  });
  if (results.violations.length > 0) {
    throw new Error(
      `axe found ${results.violations.length} rule(s) violated:\n` +
        describeViolations(results.violations),
    );
  }
}
