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
