// One card per combatant, in the order the view gives (the round's turn order): its side, its
// initiative, whose turn it is in words, the ruleset's damage track, every other pool, effects
// with their durations in words, held actions with a button that fires them, and, for the game
// master, the ruleset's own marks.
// The card's buttons only choose things for the action bar or send the game master's quick
// edits as command text; no rule is worked out here.

import { button, element, option } from "./dom.js";
import { quote } from "./text.js";

/** The game master's quick edits: a card's − and + send these verbs with the typed amount. */
const QUICK = ["damage", "heal"];

/**
 * Draw `view.combatants` into `box` (a player's own card first). `ctx` holds: gm (bool), mine (the player's combatant id or
 * null), verbs (a Set of the verbs this link may send), aimed() (the action bar's verb),
 * targetLabel(c) (the label of the button choosing c as the action's target, or null for
 * none), onTarget(c), onActAs(c),
 * onLink(c), send(text), fires(h) (whether this link can send the command that fires a held
 * action h), onFire(c, h).
 */
export function drawCards(box, view, ctx) {
  const typed = filled(box);
  const mineFirst = [...view.combatants].sort((a, b) => (b.id === ctx.mine) - (a.id === ctx.mine));
  const cards = mineFirst.map((c) => card(c, view, ctx));
  box.replaceChildren(...cards);
  refill(box, typed);
}

/** What the cards' fields in `box` hold (an amount typed, a condition picked), by card and
 * field name, and which of them has the focus: kept while the cards are drawn again. */
function filled(box) {
  const values = new Map();
  for (const field of box.querySelectorAll(".card [name]")) values.set(fieldKey(field), field.value);
  const focused = box.contains(document.activeElement) && document.activeElement.name
    ? fieldKey(document.activeElement)
    : null;
  return { values, focused };
}

function refill(box, { values, focused }) {
  for (const field of box.querySelectorAll(".card [name]")) {
    const key = fieldKey(field);
    if (values.has(key)) field.value = values.get(key);
    if (key === focused) field.focus();
  }
}

function fieldKey(field) {
  return field.closest(".card").dataset.combatant + "\n" + field.name;
}

function card(c, view, ctx) {
  const node = element("article", null, "card");
  node.dataset.combatant = c.id;
  node.setAttribute("aria-label", c.name);
  if (c.acting) node.setAttribute("aria-current", "step");
  if (c.out) node.classList.add("out");
  if (c.id === ctx.mine) node.classList.add("mine");

  const head = element("header");
  head.append(element("h3", c.name, "name"));
  head.append(element("span", "side: " + c.side, "side"));
  head.append(element("span", "initiative " + (c.initiative === null ? "–" : c.initiative), "init"));
  node.append(head);

  const flags = element("ul", null, "flags");
  if (c.acting) flags.append(element("li", "acting now", "now"));
  if (c.id === ctx.mine) flags.append(element("li", "you"));
  if (c.holding) flags.append(element("li", "holding its turn"));
  if (c.out) flags.append(element("li", "out of the fight"));
  if (c.hidden) flags.append(element("li", "hidden from players", "hidden"));
  if (flags.childElementCount) node.append(flags);

  if (c.pools === null) {
    node.append(element("p", "Its numbers are the game master's.", "marks"));
  } else {
    node.append(...numbers(c));
  }
  const holds = c.held || [];
  const kept = new Set(holds.map((h) => h.effect)); // shown as held actions, with their button
  if (c.effects.some((e) => !kept.has(e.id))) node.append(effects(c, kept));
  if (holds.length) node.append(held(c, holds, ctx));
  if (ctx.gm && c.marks && c.marks.length) node.append(marks(c));
  node.append(actions(c, view, ctx));
  return node;
}

function numbers(c) {
  const shown = [];
  const trackNames = new Set(c.tracks.map((t) => t.name));
  if (c.tracks.length) {
    const list = element("dl", null, "tracks");
    for (const t of c.tracks) {
      const value = element("dd");
      const amount = t.maximum === null ? String(t.current) : t.current + "/" + t.maximum;
      value.append(element("span", amount, "amount"));
      if (t.maximum !== null && t.maximum > 0) {
        const meter = element("meter");
        meter.min = 0;
        meter.max = t.maximum;
        meter.low = t.maximum / 4;
        meter.optimum = t.maximum;
        meter.value = Math.max(0, t.current);
        meter.setAttribute("aria-label", t.name + " " + amount);
        value.append(meter);
      }
      if (t.note) value.append(element("span", t.note, "note"));
      list.append(element("dt", t.name), value);
    }
    shown.push(list);
  }
  const rest = c.pools.filter((p) => !trackNames.has(p.name));
  if (rest.length) {
    const list = element("ul", null, "pools");
    for (const p of rest) list.append(element("li", p.name + " " + p.current + "/" + p.maximum));
    shown.push(list);
  }
  return shown;
}

function effects(c, kept) {
  const list = element("ul", null, "effects");
  for (const e of c.effects.filter((e) => !kept.has(e.id))) {
    const item = element("li");
    const data = e.data.map(([k, v]) => k + " " + v).join(", ");
    item.append(element("span", e.name + (data ? " (" + data + ")" : ""), "effect"));
    item.append(" ", element("span", e.until, "until"));
    list.append(item);
  }
  return list;
}

function held(c, holds, ctx) {
  const list = element("ul", null, "held");
  const mayFire = ctx.gm || c.id === ctx.mine;
  for (const h of holds) {
    const item = element("li");
    const effect = c.effects.find((e) => e.id === h.effect);
    const until = "(trigger: " + h.trigger + ")" + (effect ? " " + effect.until : "");
    item.append(element("span", "Holds " + h.what, "effect"), " ", element("span", until, "until"));
    if (mayFire && ctx.fires(h)) {
      const how = h.verb + " … -" + h.flag;
      const label = "Fire " + c.name + "'s held action (" + how + ")";
      item.append(" ", button("Fire: " + how, () => ctx.onFire(c, h), label));
    }
    list.append(item);
  }
  return list;
}

function marks(c) {
  const fold = element("details", null, "marks");
  fold.append(element("summary", "Rules' notes (" + c.marks.length + ")"));
  const list = element("ul");
  for (const [k, v] of c.marks) list.append(element("li", k + ": " + v));
  fold.append(list);
  return fold;
}

function actions(c, view, ctx) {
  const row = element("div", null, "card-actions");
  const quick = ctx.gm && QUICK.every((verb) => ctx.verbs.has(verb)) && c.pools !== null;
  const label = ctx.targetLabel(c);
  const aimed = quick && QUICK.includes(ctx.aimed()); // the card's own − or + is that button
  if (label && !aimed) row.append(button(label, () => ctx.onTarget(c)));
  if (!ctx.gm) return row;
  row.append(button("Act as", () => ctx.onActAs(c), "Act as " + c.name));
  if (quick) {
    const amount = element("input");
    amount.type = "number";
    amount.name = "amount";
    amount.min = "1";
    amount.value = "1";
    amount.setAttribute("aria-label", "amount of damage or healing for " + c.name);
    const stepper = element("span", null, "stepper"); // − amount +: read as one control
    stepper.append(
      quickEdit("−", "damage", c, amount, ctx),
      amount,
      quickEdit("+", "heal", c, amount, ctx),
    );
    row.append(stepper);
  }
  if (ctx.verbs.has("effect")) row.append(conditionPicker(c, view, ctx));
  row.append(button("Player link", () => ctx.onLink(c), "Player link for " + c.name));
  return row;
}

/** The card's − or + (`sign`): sends `verb` with the amount typed. Its name, "Damage Raptor 1",
 * is read out; its tooltip says it to the mouse too, as the sign alone does not. */
function quickEdit(sign, verb, c, amount, ctx) {
  const name = verb[0].toUpperCase() + verb.slice(1) + " " + c.name;
  const node = button(sign, () => ctx.send(verb + " " + quote(c.name) + " " + count(amount)), name);
  node.title = name + " by the amount typed";
  return node;
}

function count(input) {
  const n = Math.max(1, Math.floor(Number(input.value) || 1));
  input.value = String(n);
  return n;
}

function conditionPicker(c, view, ctx) {
  const box = element("span");
  const pick = element("select");
  pick.name = "condition";
  pick.setAttribute("aria-label", "condition to put on " + c.name);
  pick.append(option("", "condition…"));
  for (const name of view.conditions) pick.append(option(name));
  box.append(pick, button("Add", () => {
    if (pick.value) ctx.send("effect " + quote(c.name) + " " + quote(pick.value));
  }, "Add the chosen condition to " + c.name));
  return box;
}
