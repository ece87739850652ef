// The pages anyone sees, keyboard use and small screens.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiCall } from "../lib/api.js";
import { launchBrowser, newPlayer } from "../lib/browser.js";
import { checkAccessibility } from "../lib/axe.js";
import { checkPage, horizontalOverflow, visit } from "../lib/check.js";
import { WIDTHS } from "../lib/env.js";
import { fillSignUp, PASSWORD, signedInAs, uniqueName } from "../lib/flows.js";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The element that has the focus, described for messages: `tag#id` plus its text. */
async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} ${el.textContent?.trim() ?? ""}`.trim();
  });
}

/** Presses Tab until `selector` has the focus (at most `max` times). */
async function tabTo(page, selector, max = 20) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`${selector} not reached after ${max} Tab presses (focus on ${await focused(page)})`);
}

/** The focused element draws a visible focus indicator (an outline or a box shadow). */
async function focusIsVisible(page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== "none";
  });
}

describe("pages for visitors", () => {
  test("home, sign in, sign up, lobby and a missing page pass axe and fit 375 px", async () => {
    const { context, page } = await newPlayer(browser);
    try {
      await visit(page, "/", "home");
      assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), "Tapis");
      assert.equal(await page.locator(".game-card").count(), 8, "the eight games");
      await visit(page, "/signin", "sign-in");
      await visit(page, "/signup", "sign-up");
      await visit(page, "/lobby", "lobby-visitor");
      assert.equal(await page.getByRole("link", { name: "Sign in", exact: true }).count() > 0, true);
      await visit(page, "/no-such-page", "error-not-found", { status: 404 });
      assert.match(await page.locator("main").innerText(), /Error 404/);
    } finally {
      await context.close();
    }
  });

  test("a refused sign-up shows its error next to the field, accessibly", async () => {
    const { context, page } = await newPlayer(browser);
    try {
      await page.goto("/signup");
      await fillSignUp(page, { username: uniqueName("mismatch"), again: `${PASSWORD}!` });
      const [response] = await Promise.all([
        page.waitForNavigation(),
        page.getByRole("button", { name: "Create my account" }).click(),
      ]);
      assert.equal(response?.status(), 422);
      const again = page.getByLabel("Password again");
      assert.equal(await again.getAttribute("aria-invalid"), "true");
      assert.equal(await again.getAttribute("aria-describedby"), "password_again-error");
      assert.match(await page.locator("#password_again-error").innerText(), /differ/);
      assert.equal(await signedInAs(page), null, "nobody is signed in");
      await checkPage(page, "sign-up-refused");
    } finally {
      await context.close();
    }
  });
});

describe("keyboard", () => {
  test("the sign-in form can be filled and submitted with the keyboard only", async () => {
    const username = uniqueName("keys");
    await apiCall("POST", "/api/v1/accounts", { body: { username, password: PASSWORD }, expect: 201 });
    const { context, page } = await newPlayer(browser);
    try {
      await page.goto("/signin");
      // The first stop is the skip link, shown when focused; it moves the focus to the content.
      await page.keyboard.press("Tab");
      assert.match(await focused(page), /^a Skip to the content/);
      const skip = await page.locator(".skip-link").boundingBox();
      assert.ok(skip && skip.x >= 0 && skip.y >= 0, "the focused skip link is on screen");
      assert.ok(await focusIsVisible(page), "the skip link shows its focus");
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "main");

      await tabTo(page, "#username");
      assert.ok(await focusIsVisible(page), "the username field shows its focus");
      await page.keyboard.type(username);
      await page.keyboard.press("Tab");
      assert.match(await focused(page), /^input#password/);
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press("Tab");
      assert.match(await focused(page), /^button Sign in/);
      assert.ok(await focusIsVisible(page), "the Sign in button shows its focus");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      assert.equal(new URL(page.url()).pathname, "/");
      assert.equal(await signedInAs(page), username);
    } finally {
      await context.close();
    }
  });

  test("Enter in the password field submits the sign-in form", async () => {
    const username = uniqueName("enter");
    await apiCall("POST", "/api/v1/accounts", { body: { username, password: PASSWORD }, expect: 201 });
    const { context, page } = await newPlayer(browser);
    try {
      await page.goto("/signin?next=/lobby");
      await tabTo(page, "#username");
      await page.keyboard.type(username);
      await page.keyboard.press("Tab");
      await page.keyboard.type(PASSWORD);
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      assert.equal(new URL(page.url()).pathname, "/lobby", "back where the player was going");
      assert.equal(await signedInAs(page), username);
    } finally {
      await context.close();
    }
  });
});

describe("small screens", () => {
  test("on a 375 px phone a visitor signs up and the pages do not scroll sideways", async () => {
    const { context, page } = await newPlayer(browser, { width: WIDTHS.phone, height: 740 });
    try {
      const username = uniqueName("phone");
      await page.goto("/signup");
      assert.equal(await horizontalOverflow(page), 0);
      await fillSignUp(page, { username });
      const submit = page.getByRole("button", { name: "Create my account" });
      const box = await submit.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= WIDTHS.phone, "the button fits the width");
      await Promise.all([page.waitForNavigation(), submit.click()]);
      assert.equal(await signedInAs(page), username);
      for (const path of ["/", "/lobby", "/account"]) {
        await page.goto(path);
        assert.equal(await horizontalOverflow(page), 0, `${path} scrolls sideways at 375 px`);
        const nav = await page.getByRole("navigation", { name: "Main" }).boundingBox();
        assert.ok(nav && nav.x + nav.width <= WIDTHS.phone, `the navigation of ${path} fits`);
      }
    } finally {
      await context.close();
    }
  });
});

describe("the checks themselves", () => {
  test("axe and the overflow check catch a broken page", async () => {
    const { context, page } = await newPlayer(browser, { width: WIDTHS.phone });
    try {
      await page.goto("/");
      assert.equal(await horizontalOverflow(page), 0);
      // Break the page from the outside (the CSP does not govern the DevTools protocol).
      await page.evaluate(() => {
        const wide = document.createElement("div");
        wide.className = "too-wide";
        wide.textContent = "x";
        wide.style.width = "600px";
        document.querySelector("main").append(wide);
        const button = document.createElement("button");
        button.className = "nameless";
        document.querySelector("main").append(button);
      });
      assert.ok((await horizontalOverflow(page)) > 0, "a 600 px element makes the page scroll sideways");
      await assert.rejects(checkAccessibility(page, "broken home"), /button-name[\s\S]*nameless/);
    } finally {
      await context.close();
    }
  });
});
