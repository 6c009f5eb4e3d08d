// The log as people read it: each step its command as typed (game master) and its narration;
// the dice behind a number fold open in a <details>; long lines (a stat block given inline)
// are cut, with the whole text one click away. The log's lines are the server's: the page only
// groups them by step ("[12] …", narration indented below) and shortens them. A live step's
// lines are appended to those shown; the log keeps as many steps as the server's state brings.

import { element } from "./dom.js";

const LONG = 120;
const KEPT = 50; // the steps a state brings (LOG_STEPS in src/fracas/web/projection.py)
const ROLL = /\b\d*d\d+\b[^=;]*?=\s*(-?\d+)/g;

/** Draw the log lines; keep the reader's place unless they were at the bottom. */
export function drawLog(box, lines) {
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.replaceChildren(...steps(lines).map(drawStep));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

/** Add the lines of new steps after those shown, the oldest dropped beyond KEPT steps. */
export function appendLog(box, lines) {
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.append(...steps(lines).map(drawStep));
  while (box.childElementCount > KEPT) box.firstElementChild.remove();
  if (atEnd) box.scrollTop = box.scrollHeight;
}

function steps(lines) {
  const found = [];
  for (const line of lines) {
    const head = /^\[(\d+)\] ?(.*)$/.exec(line);
    if (head && found.length && found[found.length - 1].number === head[1]) {
      found[found.length - 1].told.push(head[2]); // a player's log: every line numbered
    } else if (head) {
      found.push({ number: head[1], first: head[2], told: [] });
    } else if (found.length) {
      found[found.length - 1].told.push(line.trim());
    } else {
      found.push({ number: "", first: line, told: [] });
    }
  }
  return found;
}

function drawStep(step) {
  const item = element("li");
  item.dataset.step = step.number;
  const head = element("div", null, "command");
  if (step.number) head.append(element("span", "[" + step.number + "]", "number"));
  head.append(shortened(step.first));
  item.append(head);
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
