// Keys: "/" focuses the command box, "n" ends the turn, "u" undoes, "?" lists the keys.
// They act only when no text field has the focus, so typing is never taken for a key.

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** `actions` maps a key to what it does: {"/": fn, n: fn, u: fn, "?": fn}. */
export function bindKeys(actions) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (TYPING.has(target.tagName) || target.isContentEditable)) return;
    const act = actions[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  });
}
