// The library's entries of one ruleset, found by text: one card each, with an Add button.

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function numbers(entry) {
  return Object.entries(entry.numbers || {})
    .map(([name, value]) => `${name} ${value}`)
    .join(" · ");
}

function card(entry, onAdd) {
  const item = element("li", undefined, "entry");
  item.dataset.entry = entry.key;
  item.append(element("h3", entry.name));
  const facts = [numbers(entry), `side ${entry.side}`].filter(Boolean).join(" · ");
  item.append(element("p", facts, "meta"));
  if (entry.description) item.append(element("p", entry.description, "description"));
  const origin = entry.origin === "built-in" ? entry.source : `${entry.origin}: ${entry.source}`;
  item.append(element("p", origin, "meta source"));
  const add = element("button", "Add");
  add.type = "button";
  add.setAttribute("aria-label", `Add ${entry.name}`);
  add.addEventListener("click", () => {
    add.textContent = `Add another (${onAdd(entry)} in the roster)`;
  });
  item.append(add);
  return item;
}

export function drawEntries(list, note, found, onAdd) {
  list.replaceChildren(...found.entries.map((entry) => card(entry, onAdd)));
  const broken = found.broken.map((file) => `${file.file} (${file.errors.length} errors)`);
  const none = found.entries.length ? "" : "No entry matches. ";
  note.textContent = none + (broken.length ? `Broken library files: ${broken.join(", ")}.` : "");
}
