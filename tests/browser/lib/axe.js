// Accessibility checks with axe-core, injected into the page under test.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Impacts that fail a test. Minor and moderate ones are reported, not failed. */
const FAILING = new Set(["serious", "critical"]);

function describe(violation) {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `      ${node.target.join(" ")} ${node.html}\n        ${node.failureSummary?.split("\n").join(" ")}`)
    .join("\n");
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
}

/**
 * Runs axe on the page as it is now (WCAG 2.x A and AA, and best practices). Returns every
 * violation; throws when one is serious or critical, naming the rule and the elements.
 */
export async function checkAccessibility(page, label = page.url()) {
  // The page's CSP forbids inline scripts, but Playwright evaluates through the DevTools
  // protocol, which the CSP does not govern.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
  const failing = results.filter((v) => FAILING.has(v.impact));
  const minor = results.filter((v) => !FAILING.has(v.impact));
  if (minor.length > 0) {
    console.log(`axe (${label}): ${minor.length} minor or moderate issue(s), not failing:\n${minor.map(describe).join("\n")}`);
  }
  if (failing.length > 0) {
    throw new Error(`axe found serious accessibility violations on ${label}:\n${failing.map(describe).join("\n")}`);
  }
  return results;
}
