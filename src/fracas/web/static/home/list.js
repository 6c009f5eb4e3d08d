// The list of stored encounters: one card each, with its ruleset, log length and last change,
// and the links and button that open, export and delete it.
import { exportUrl } from "./api.js";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function title(encounter) {
  return encounter.name || `Untitled fight ${encounter.id}`;
}

export function saveFileName(encounter) {
  const words = title(encounter).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${words || "encounter"}-${encounter.id}.json`;
}

function ago(seconds, now) {
  const past = Math.max(0, now - seconds);
  if (past < MINUTE) return "changed just now";
  if (past < HOUR) return `changed ${Math.floor(past / MINUTE)} min ago`;
  if (past < DAY) return `changed ${Math.floor(past / HOUR)} h ago`;
  return `changed ${new Date(seconds * 1000).toLocaleDateString()}`;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function link(text, href, label) {
  const node = element("a", text, "button");
  node.href = href;
  node.setAttribute("aria-label", label);
  return node;
}

function card(encounter, now, onDelete) {
  const name = title(encounter);
  const item = element("li", undefined, "encounter");
  item.dataset.encounter = encounter.id;
  const heading = element("h3");
  const open = element("a", name);
  open.href = encounter.page;
  heading.append(open);
  const steps = `${encounter.steps} log ${encounter.steps === 1 ? "entry" : "entries"}`;
  const meta = element("p", `${encounter.ruleset_name} · ${steps} · `, "meta");
  const changed = element("time", ago(encounter.changed, now));
  changed.dateTime = new Date(encounter.changed * 1000).toISOString();
  changed.title = new Date(encounter.changed * 1000).toLocaleString();
  meta.append(changed, ` · id ${encounter.id}`);
  const actions = element("div", undefined, "actions");
  const save = link("Export", exportUrl(encounter.token), `Export ${name}`);
  save.download = saveFileName(encounter);
  const remove = element("button", "Delete", "danger");
  remove.type = "button";
  remove.setAttribute("aria-label", `Delete ${name}`);
  remove.addEventListener("click", () => onDelete(encounter));
  actions.append(link("Open", encounter.page, `Open ${name}`), save, remove);
  item.append(heading, meta, actions);
  return item;
}

export function draw(list, encounters, onDelete, fresh) {
  const now = Date.now() / 1000;
  list.replaceChildren(...encounters.map((encounter) => card(encounter, now, onDelete)));
  const marked = fresh && list.querySelector(`[data-encounter="${CSS.escape(fresh)}"]`);
  if (marked) marked.classList.add("fresh");
}
