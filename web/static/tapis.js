// Tapis: the little the pages need beyond htmx. Everything works without it.
"use strict";

// Show times in the reader's own time zone: <time datetime="..." data-local>.
function tapisLocalTimes(root) {
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
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
