// Tapis: the little the pages need beyond htmx. Everything works without it.
"use strict";

// Show times in the reader's own time zone, written as the page's language writes them
// (`28 nov. 2026, 12:36`, `Nov 28, 2026, 12:36 PM`): <time datetime="..." data-local>.
function tapisLocalTimes(root) {
  const language = document.documentElement.lang || undefined;
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  for (const el of root.querySelectorAll("time[data-local]")) {
    const when = new Date(el.getAttribute("datetime"));
    if (!Number.isNaN(when.getTime())) {
      el.textContent = format.format(when);
    }
  }
}

document.addEventListener("DOMContentLoaded", () => tapisLocalTimes(document));
document.addEventListener("htmx:afterSettle", (event) => tapisLocalTimes(event.target));

// After the live part of a match page changed: say what changed to screen readers (the moves
// since yours, the dice), and bring a message (a refused or stale move) into view with focus.
function tapisAfterSwap(root) {
  const announce = document.getElementById("announce");
  if (announce !== null && root.id === "match-live") {
    const parts = [];
    const moves = root.querySelector('[data-testid="last-moves"]');
    if (moves !== null) parts.push(moves.textContent.replace(/\s+/g, " ").trim());
    const dice = root.querySelector("[data-announce]");
    if (dice !== null) parts.push(dice.dataset.announce);
    announce.textContent = parts.join(". ");
  }
  tapisShowMessage(root);
}

// A message the player must read, where the eye is: scrolled into view and focused.
function tapisShowMessage(root) {
  const message = root.querySelector('[data-testid="match-message"], .form-error, .field-error');
  if (message === null) return;
  if (!message.hasAttribute("tabindex")) message.setAttribute("tabindex", "-1");
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  message.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  message.focus({ preventScroll: true });
}

document.addEventListener("htmx:afterSettle", (event) => tapisAfterSwap(event.target));
// A form sent without htmx comes back as a whole page: show its error the same way.
document.addEventListener("DOMContentLoaded", () => tapisShowMessage(document));

// Boards where a piece is picked, then its destination (Linja, Make Five's Aligneur): with
// this script, a move's button shows only once its piece is picked; without it, every move's
// button stays in view at its destination, and the forms work the same.
function tapisPickReady(root) {
  for (const board of root.querySelectorAll(".board-picking")) board.classList.add("picks-ready");
}

function tapisPick(button) {
  const board = button.closest(".board-picking");
  if (board === null) return;
  const key = button.dataset.pick;
  const again = button.getAttribute("aria-pressed") === "true";
  for (const pick of board.querySelectorAll("[data-pick]")) {
    pick.setAttribute("aria-pressed", "false");
    pick.closest(".board-cell")?.classList.remove("cell-picked");
  }
  for (const target of board.querySelectorAll(".move-target")) target.classList.remove("move-shown");
  if (again) return;
  button.setAttribute("aria-pressed", "true");
  button.closest(".board-cell")?.classList.add("cell-picked");
  const targets = board.querySelectorAll(`.move-target[data-from="${key}"]`);
  for (const target of targets) target.classList.add("move-shown");
  targets[0]?.querySelector("button")?.focus();
}

document.addEventListener("click", (event) => {
  const pick = event.target.closest("[data-pick]");
  if (pick !== null) tapisPick(pick);
});
document.addEventListener("DOMContentLoaded", () => tapisPickReady(document));
document.addEventListener("htmx:afterSettle", (event) => tapisPickReady(event.target));
