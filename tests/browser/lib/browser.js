// One headless Chromium per test file, and one browser context per player (their own cookies).
import { chromium } from "playwright-core";
import { baseUrl, chromiumPath, WIDTHS } from "./env.js";

/** Starts headless Chromium: the system's binary, no background traffic. */
export async function launchBrowser() {
  const args = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--no-first-run",
    "--disable-dev-shm-usage",
  ];
  // Chromium's sandbox cannot start as root (CI containers): only then go without it.
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    args.push("--no-sandbox");
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args });
}

/**
 * Records the page's script errors and console errors in `page.tapisErrors` (a CSP violation
 * shows there too); `checkPage` fails when there are any. Returns the page.
 */
export function watchErrors(page) {
  page.tapisErrors = [];
  page.on("pageerror", (error) => page.tapisErrors.push(`script error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // The browser logs the status of a page that answers 4xx (an error page on purpose).
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)
      && message.location().url === page.url()) {
      return;
    }
    // A refused move (stale: 409, illegal: 422) answers the match page's form with the fresh
    // table and a message, and a refused chat message (422, 409, 429) the chat's form with
    // the panel and a message, on purpose; the browser logs the status all the same.
    if (/^Failed to load resource: the server responded with a status of 4(09|22|29)/.test(text)
      && /^\/matches\/[0-9a-f-]{36}\/(act|chat)$/.test(new URL(message.location().url || "about:blank").pathname)) {
      return;
    }
    page.tapisErrors.push(`console error: ${text} (${message.location().url})`);
  });
  return page;
}

/**
 * A new player: a fresh browser context (no cookies) with one page, at the desktop width, in
 * British English unless `locale` says otherwise, its errors recorded (`watchErrors`).
 */
export async function newPlayer(
  browser,
  { width = WIDTHS.desktop, height = 900, locale = "en-GB" } = {},
) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height },
    // The browser's language: its Accept-Language and navigator.language.
    locale,
    timezoneId: "Europe/Paris",
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = watchErrors(await context.newPage());
  return { context, page };
}
