// Small helpers to build the page's elements (text is always set as text, never as HTML).

export const $ = (id) => document.getElementById(id);

export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

/** A button showing `label`; `name` is its accessible name when the label alone is vague. */
export function button(label, onClick, name) {
  const node = element("button", label);
  node.type = "button";
  if (name && name !== label) node.setAttribute("aria-label", name);
  node.addEventListener("click", onClick);
  return node;
}

export function option(value, label) {
  const node = element("option", label === undefined ? value : label);
  node.value = value;
  return node;
}
