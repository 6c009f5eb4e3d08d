// The roster being built: lines of a library entry, how many, on which side, hidden or not.
import { numbers } from "./library.js";

export const MAX_COUNT = 50;

export class Roster {
  constructor() {
    this.lines = [];
  }

  add(entry) {
    const same = this.lines.find((line) => line.entry.key === entry.key && !line.hidden);
    if (same) same.count = Math.min(MAX_COUNT, same.count + 1);
    else this.lines.push({ entry, count: 1, side: entry.side, hidden: entry.hidden });
  }

  count(entry) {
    return this.lines.filter((line) => line.entry.key === entry.key).reduce((n, l) => n + l.count, 0);
  }

  body(ruleset, name) {
    const combatants = this.lines.map((line) => ({
      entry: line.entry.name,
      count: line.count,
      side: line.side.trim() || line.entry.side,
      hidden: line.hidden,
    }));
    return { ruleset, name, combatants };
  }
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function field(labelText, input) {
  const label = element("label", labelText);
  label.append(input);
  return label;
}

function row(roster, line, changed) {
  const name = line.entry.name;
  const item = element("li", undefined, "line");
  item.dataset.entry = line.entry.key;
  item.append(element("h3", name), element("p", numbers(line.entry), "meta"));
  const count = element("input");
  Object.assign(count, { type: "number", min: 1, max: MAX_COUNT, value: line.count });
  count.setAttribute("aria-label", `How many ${name}`);
  count.addEventListener("change", () => {
    line.count = Math.max(1, Math.min(MAX_COUNT, Number.parseInt(count.value, 10) || 1));
    changed();
  });
  const side = element("input");
  Object.assign(side, { value: line.side, maxLength: 100 });
  side.setAttribute("aria-label", `Side of ${name}`);
  side.addEventListener("change", () => {
    line.side = side.value;
    changed();
  });
  const hidden = element("input");
  Object.assign(hidden, { type: "checkbox", checked: line.hidden });
  hidden.setAttribute("aria-label", `Hide ${name} from the players`);
  hidden.addEventListener("change", () => {
    line.hidden = hidden.checked;
    changed();
  });
  const remove = element("button", "Remove", "danger");
  remove.type = "button";
  remove.setAttribute("aria-label", `Remove ${name}`);
  remove.addEventListener("click", () => {
    roster.lines.splice(roster.lines.indexOf(line), 1);
    changed();
  });
  const hiddenLabel = element("label", undefined, "check");
  hiddenLabel.append(hidden, " hidden");
  const controls = element("div", undefined, "line-controls");
  controls.append(field("How many", count), field("Side", side), hiddenLabel, remove);
  item.append(controls);
  return item;
}

export function drawRoster(list, empty, roster, changed) {
  list.replaceChildren(...roster.lines.map((line) => row(roster, line, changed)));
  empty.hidden = roster.lines.length > 0;
}
