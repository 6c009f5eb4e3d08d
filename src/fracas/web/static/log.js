// The log as people read it: each step its command as typed (game master) and its narration;
// the dice behind a number fold open in a <details>; long lines (a stat block given inline)
// are cut, with the whole text one click away. The log's lines are the server's: the page only
// groups them by step and shortens them. The game master's log is "[12] command" with the
// narration indented below; a player's has no command lines (one may name a hidden combatant:
// src/fracas/web/projection.py), only narration, every line numbered "[12] …". A live step's
// lines are appended to those shown; the log keeps as many steps as the server's state brings.
// The box shows its newest (last) entry whole and keeps doing so as steps come, until the
// reader scrolls away from it; scrolling back to it follows again.

import { GM } from "./api.js";
import { element } from "./dom.js";

const LONG = 120;
const KEPT = 50; // the steps a state brings (LOG_STEPS in src/fracas/web/projection.py)
const ROLL = /\b\d*d\d+\b[^=;]*?=\s*(-?\d+)/g;
const NEAR = 40; // px: a reader this close to the newest entry is following the log
const following = new WeakMap(); // box: whether it follows the newest entry

/** Draw the log lines; keep the reader's place unless they follow the newest entry. */
export function drawLog(box, lines) {
  follow(box);
  box.replaceChildren(...steps(lines).map(drawStep));
  if (following.get(box)) showNewest(box);
}

/** Add the lines of new steps after those shown, the oldest dropped beyond KEPT steps. */
export function appendLog(box, lines) {
  follow(box);
  box.append(...steps(lines).map(drawStep));
  while (box.childElementCount > KEPT) box.firstElementChild.remove();
  if (following.get(box)) showNewest(box);
}

/** Watch the reader's scrolling of `box` (once), and keep the newest entry shown while its
 * size changes (the page's layout settling, a phone turned). */
function follow(box) {
  if (following.has(box)) return;
  following.set(box, true);
  box.addEventListener("scroll", () => following.set(box, box.scrollTop >= newest(box) - NEAR));
  new ResizeObserver(() => following.get(box) && showNewest(box)).observe(box);
}

/** The scroll position showing the last entry whole (its start, when it is taller than the box). */
function newest(box) {
  const end = box.scrollHeight - box.clientHeight;
  const last = box.lastElementChild;
  if (!last) return end;
  const start = last.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop;
  return Math.min(end, box.scrollTop + start);
}

function showNewest(box) {
  box.scrollTop = newest(box);
}

function steps(lines) {
  const found = [];
  for (const line of lines) {
    const head = /^\[(\d+)\] ?(.*)$/.exec(line);
    if (head && !GM) { // a player's log: narration only, every line numbered
      const last = found[found.length - 1];
      if (last && last.number === head[1]) last.told.push(head[2]);
      else found.push({ number: head[1], command: null, told: [head[2]] });
    } else if (head) {
      found.push({ number: head[1], command: head[2], told: [] });
    } else if (found.length) {
      found[found.length - 1].told.push(line.trim());
    } else {
      found.push({ number: "", command: line, told: [] });
    }
  }
  return found;
}

function drawStep(step) {
  const item = element("li");
  item.dataset.step = step.number;
  const number = step.number ? element("span", "[" + step.number + "]", "number") : "";
  if (step.command === null) {
    item.className = "narrated"; // a player's step: its number beside the narration
    item.append(number);
  } else {
    const head = element("div", null, "command");
    head.append(number, shortened(step.command));
    item.append(head);
  }
  if (step.told.length) {
    const told = element("ul", null, "told");
    const dice = [];
    for (const line of step.told) {
      const plain = line.replace(ROLL, (_match, total) => total);
      if (plain !== line) dice.push(line);
      const said = element("li");
      said.append(shortened(plain));
      told.append(said);
    }
    item.append(told);
    if (dice.length) {
      const fold = element("details");
      fold.append(element("summary", "dice"), element("pre", dice.join("\n")));
      item.append(fold);
    }
  }
  return item;
}

function shortened(text) {
  if (text.length <= LONG) return element("span", text);
  const fold = element("details", null, "long");
  fold.append(element("summary", text.slice(0, LONG) + "…"), element("pre", text));
  return fold;
}
