// Where the browser tests find the server, the browser and the screenshot folder.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");

/** The server under test, e.g. http://127.0.0.1:18300 (scripts/test.sh starts one). */
export const baseUrl = (process.env.TAPIS_BASE_URL || "").replace(/\/+$/, "");
if (!baseUrl) {
  throw new Error(
    "TAPIS_BASE_URL is not set: run the browser tests with `scripts/test.sh --browser-only`, " +
      "or point TAPIS_BASE_URL at a running server (e.g. http://localhost:8080)",
  );
}

/** The Chromium binary (Debian's `chromium` package by default). */
export const chromiumPath = process.env.TAPIS_CHROMIUM || "/usr/bin/chromium";

/** Where screenshots go: one PNG per page visited and width. */
export const screenshotDir =
  process.env.TAPIS_SCREENSHOT_DIR || path.join(root, "target", "browser-screenshots");

/** The two widths every page is checked and photographed at: a small phone and a desktop. */
export const WIDTHS = { phone: 375, desktop: 1280 };
