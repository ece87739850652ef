// What every page visited must pass: no script or console errors, axe at both widths, no
// horizontal scrolling on a phone; and a screenshot of it at both widths.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { checkAccessibility } from "./axe.js";
import { screenshotDir, WIDTHS } from "./env.js";

const taken = new Set();

/** A screenshot name: lower case, digits and dashes. */
function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * How much wider than the viewport the page is (0 when it does not scroll sideways). The
 * body and the document element both count; elements that scroll inside themselves (tables
 * in a `.table-scroll`) do not.
 */
export async function horizontalOverflow(page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const width = doc.clientWidth;
    return Math.max(doc.scrollWidth, document.body.scrollWidth) - width;
  });
}

/** The elements that stick out past the right edge of the viewport (to explain an overflow). */
async function overflowingElements(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 && r.width > 0) {
        const id = el.id ? `#${el.id}` : "";
        const cls = el.classList.length ? `.${[...el.classList].join(".")}` : "";
        out.push(`${el.tagName.toLowerCase()}${id}${cls} (right edge ${Math.round(r.right)} px)`);
      }
      if (out.length >= 8) break;
    }
    return out;
  });
}

/** Saves `<name>-<width>.png` of the whole page at the current width. */
export async function screenshot(page, name) {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(screenshotDir, `${slug(name)}-${width}.png`);
  mkdirSync(screenshotDir, { recursive: true });
  // caret "initial": Playwright would otherwise hide the caret by setting a style on every
  // input, which leaves `style=""` behind, and htmx's settling of a later swap copies that
  // attribute, which the page's CSP (no inline styles) reports as a violation.
  await page.screenshot({ path: file, fullPage: true, caret: "initial" });
  return file;
}

/**
 * Checks the page as it is now, at 375 px then at 1280 px (and back to the width it had):
 * no script or console error so far, no serious axe violation, no horizontal scroll at 375 px;
 * and a screenshot at each width, named after the page. Each name is used once per run.
 */
export async function checkPage(page, name) {
  const key = slug(name);
  assert.ok(!taken.has(key), `the page name "${name}" was already used for a screenshot`);
  taken.add(key);
  const original = page.viewportSize();
  try {
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      const overflow = await horizontalOverflow(page);
      if (width === WIDTHS.phone) {
        assert.ok(
          overflow <= 0,
          `${name} scrolls sideways at ${width} px (${overflow} px too wide): ` +
            (await overflowingElements(page)).join(", "),
        );
      }
      await checkAccessibility(page, `${name} at ${width} px`);
      await screenshot(page, name);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  assert.deepEqual(page.tapisErrors ?? [], [], `errors in the browser on ${name}`);
}

/** Goes to `pathname`, expects the status, and checks the page (see `checkPage`). */
export async function visit(page, pathname, name, { status = 200 } = {}) {
  const response = await page.goto(pathname);
  assert.ok(response, `no response for ${pathname}`);
  assert.equal(response.status(), status, `status of ${pathname}`);
  await checkPage(page, name);
  return response;
}
