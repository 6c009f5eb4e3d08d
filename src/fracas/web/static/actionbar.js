// Act by clicking: the action bar, built from the command catalogue the API serves. Pick who
// acts (the game master), an action, its targets from the fight and its options; the bar shows
// the command text it will send (so the language is learnt by using it) and, once a target is
// chosen, the odds of each outcome before anything is sent. A field the acting combatant's
// sheet offers names for (its weapons, its powers: the catalogue's `offered`) is a pick list,
// with "other…" for free text.

import { call } from "./api.js";
import { button, element, option } from "./dom.js";
import { drawOdds } from "./odds.js";
import { capitalized, quote } from "./text.js";

const TARGETS = new Set(["combatant", "combatants"]);
const OTHER = "\u0000other"; // the pick list's "other…": a value typed in

export class ActionBar {
  /** `send(text)` sends a command and resolves to true when it was done. */
  constructor(box, { gm, me, catalogue, send, toCommandBox, oddsAllowed, chose }) {
    this.box = box;
    this.gm = gm;
    this.me = me; // a player's own combatant's id (null for the game master)
    this.setCatalogue(catalogue);
    this.listed = null; // the combatants' ids the catalogue was read with (set by the first view)
    this.send = send;
    this.toCommandBox = toCommandBox;
    this.oddsAllowed = oddsAllowed;
    this.chose = chose; // called when who acts or the action changed: the cards' buttons follow
    this.view = null;
    this.actor = null; // the name of who acts (the game master's choice), null: whose turn
    this.verb = firstAimed(this.actions);
    this.values = {};
    this.moreOpen = false; // the "More options" fold is open
    this.asked = 0; // the latest odds request: older answers are dropped
    this.stamp = 0; // counts the views shown: odds are asked again when the fight changed
    this.weighed = ""; // what the odds shown are of (the view's stamp and the command)
    this.timer = null;
  }

  setCatalogue(catalogue) {
    this.actions = catalogue.filter((a) => a.verb !== "add" && a.params);
  }

  /** Read the catalogue again when combatants came or went: what their sheets offer with. */
  async reread(ids) {
    this.listed = ids;
    try {
      this.setCatalogue(await call("GET", "/catalogue", undefined, "reading the actions"));
      this.draw();
    } catch {
      this.listed = undefined; // read again with the next view
    }
  }

  get action() {
    return this.actions.find((a) => a.verb === this.verb) || null;
  }

  /** The verb a card's target button uses, and its first target field. */
  targetField() {
    const action = this.action;
    return action ? action.params.find((p) => TARGETS.has(p.kind)) || null : null;
  }

  /** The label of c's card button that aims the action at c, or null: none on the actor's
   * own card; a field the ruleset means for allies (its `aims`: a creature to stabilize) on
   * the actor's side's cards (the view's `side`), any other on the other sides' (the bar's
   * list still offers everyone; with nobody acting, every card); the game master's own
   * actions (damage …) on any card. */
  targetLabel(c) {
    const field = this.targetField();
    if (!field) return null;
    if (!this.action.game_master) {
      if (c.id === this.actorId()) return null;
      if (this.aimedAt(field, c) === false) return null;
    }
    return capitalized(this.verb) + " " + c.name;
  }

  /** Whether field `p` of the action means `c`: on the actor's side for a field the ruleset
   * aims at allies, on another side for any other; null when nobody acts or the action is the
   * game master's (it means anyone). */
  aimedAt(p, c) {
    if (this.action.game_master) return null;
    const actor = this.actorId();
    const acting = this.view && this.view.combatants.find((a) => a.id === actor);
    if (!acting) return null;
    return (acting.side === c.side) === (p.aims === "ally");
  }

  /** The fight's names for field `p` as [title, names] groups: those it means first
   * ("foes", then "own side"; "allies", then "others" for a field aimed at allies), or one
   * untitled group when it means anyone. */
  people(p) {
    const everyone = this.view ? this.view.combatants : [];
    const meant = everyone.filter((c) => this.aimedAt(p, c) !== false);
    if (meant.length === everyone.length) return [[null, everyone.map((c) => c.name)]];
    const others = everyone.filter((c) => !meant.includes(c));
    const [first, second] = p.aims === "ally" ? ["allies", "others"] : ["foes", "own side"];
    return [
      [first, meant.map((c) => c.name)],
      [second, others.map((c) => c.name)],
    ];
  }

  chooseTarget(c) {
    const field = this.targetField();
    if (!field) return;
    this.values[field.name] = field.kind === "combatants" ? [c.name] : c.name;
    this.draw();
    this.box.scrollIntoView({ block: "nearest" });
  }

  actAs(c) {
    this.actor = c.name;
    this.draw();
    this.chose();
    this.box.scrollIntoView({ block: "nearest" });
  }

  /** Start the bar on `verb` with `values` chosen, for `actor` (a held action to fire). */
  prepare(actor, verb, values) {
    this.actor = actor;
    this.verb = verb;
    this.values = { ...values };
    this.draw();
    this.chose();
    this.box.scrollIntoView({ block: "nearest" });
  }

  /** A new view: redraw when who may be chosen changed, else only the text and the odds. */
  update(view) {
    const before = this.view ? this.view.combatants.map((c) => c.name).join("\n") : null;
    const acting = this.view ? this.view.acting.join("\n") : null;
    this.view = view;
    this.stamp += 1;
    const ids = view.combatants.map((c) => c.id).join("\n");
    if (this.listed === null) this.listed = ids; // the catalogue was read with this page's view
    else if (ids !== this.listed) this.reread(ids);
    const turned = view.acting.join("\n") !== acting;
    if (turned && !this.actor) this.forgetPicks(); // whose turn it is acts: another sheet
    const names = view.combatants.map((c) => c.name).join("\n");
    if (names !== before || turned) this.draw();
    else this.refresh();
  }

  actorName() {
    if (!this.gm) return null;
    return this.actor || (this.view && this.view.acting[0]) || null;
  }

  /** The id of who acts: the player's own combatant, or the game master's choice. */
  actorId() {
    if (!this.gm) return this.me;
    const name = this.actorName();
    const found = this.view && this.view.combatants.find((c) => c.name === name);
    return found ? found.id : null;
  }

  /** Forget the picks the new actor's sheet does not offer (another's weapon). */
  forgetPicks() {
    const action = this.action;
    for (const p of action ? action.params : []) {
      const value = this.values[p.name];
      const listed = Object.values(p.offered || {}).some((names) => names.includes(value));
      if (listed && !this.offered(p).includes(value)) delete this.values[p.name];
    }
  }

  /** What the acting combatant's sheet offers field `p` (its weapons …), or the sheet of the
   * one combatant chosen for the field `p.offered_by` names (a collider's powers): [] for
   * nothing. */
  offered(p) {
    const id = p.offered_by ? this.chosenId(p.offered_by) : this.actorId();
    return (id && p.offered && p.offered[id]) || [];
  }

  /** The id of the one combatant chosen for field `name`, or null. */
  chosenId(name) {
    const value = this.values[name];
    const names = Array.isArray(value) ? value : value ? [value] : [];
    const found = names.length === 1 && this.view && this.view.combatants.find((c) => c.name === names[0]);
    return found ? found.id : null;
  }

  /** The command text the bar's choices make, or null while a required field is empty. */
  text() {
    const action = this.action;
    if (!action) return null;
    const words = [];
    const flags = [];
    let rest = "";
    for (const p of action.params) {
      const value = this.values[p.name];
      const empty = value === undefined || value === "" || value === false ||
        (Array.isArray(value) && value.length === 0);
      if (empty) {
        if (p.required) return null;
        continue;
      }
      const shown = Array.isArray(value) ? value.map(quote).join(",") : quote(value);
      if (p.kind === "rest") rest = String(value);
      else if (p.kind === "bool") flags.push("-" + p.flag);
      else if (p.positional) words.push(shown);
      else flags.push("-" + p.flag + " " + shown);
    }
    const actor = action.game_master ? null : this.actorName();
    const prefix = actor ? quote(actor) + ": " : "";
    return prefix + [action.verb, ...words, ...flags, rest].filter(Boolean).join(" ");
  }

  draw() {
    const box = this.box;
    box.replaceChildren(element("h2", "Act"));
    const fields = element("div", null, "fields");
    if (this.gm) fields.append(this.actorPicker());
    fields.append(this.verbPicker());
    const more = element("div", null, "fields");
    const action = this.action;
    if (action) {
      box.append(element("p", action.help, "help"));
      for (const p of action.params) {
        const main = p.positional || (!p.offered_by && this.offered(p).length > 0);
        (main ? fields : more).append(this.field(p));
      }
    }
    box.append(fields);
    if (more.childElementCount) {
      const fold = element("details", null, "more");
      fold.open = this.moreOpen; // kept open when a choice there redraws the bar
      fold.addEventListener("toggle", () => (this.moreOpen = fold.open));
      fold.append(element("summary", "More options"), more);
      box.append(fold);
    }
    this.preview = element("output", "", "preview");
    this.preview.setAttribute("aria-label", "the command it sends");
    this.sendButton = button("Send", () => this.go());
    this.sendButton.className = "primary";
    this.copyButton = button("Put in the command box", () => this.toCommandBox(this.text() || ""));
    const row = element("div", null, "send-row");
    row.append(this.sendButton, this.copyButton);
    this.oddsBox = element("div", null, "odds");
    this.oddsBox.setAttribute("aria-live", "polite");
    box.append(this.preview, row, this.oddsBox);
    this.weighed = "";
    this.refresh();
  }

  actorPicker() {
    const label = element("label", "Who acts");
    const pick = element("select");
    pick.id = "actor";
    pick.append(option("", "whose turn it is"));
    for (const c of this.view ? this.view.combatants : []) pick.append(option(c.name));
    pick.value = this.actor || "";
    pick.addEventListener("change", () => {
      this.actor = pick.value || null;
      this.forgetPicks();
      this.draw();
      this.chose();
    });
    label.append(pick);
    return label;
  }

  verbPicker() {
    const label = element("label", "Action");
    const pick = element("select");
    pick.id = "verb";
    pick.append(option("", "choose…"));
    const groups = this.gm ? [["Actions", false], ["Game master", true]] : [["Actions", false]];
    for (const [title, master] of groups) {
      const group = element("optgroup");
      group.label = title;
      for (const a of this.actions.filter((a) => a.game_master === master)) {
        const item = option(a.verb);
        item.title = a.help;
        group.append(item);
      }
      pick.append(group);
    }
    pick.value = this.verb;
    pick.addEventListener("change", () => {
      this.verb = pick.value;
      this.values = {};
      this.draw();
      this.chose();
    });
    label.append(pick);
    return label;
  }

  field(p) {
    const name = p.name.replace(/_/g, " ");
    const listing = this.action.params.some((q) => q.offered_by === p.name);
    const set = (value) => {
      this.values[p.name] = value;
      if (listing) this.draw(); // another field lists what this one's combatant's sheet offers
      else this.refresh();
    };
    const value = this.values[p.name];
    const people = TARGETS.has(p.kind) ? this.people(p) : [];
    if (p.kind === "combatants") {
      const group = element("fieldset");
      group.append(element("legend", name));
      const chosen = new Set(value || []);
      for (const who of people.flatMap(([, names]) => names)) {
        const label = element("label", null, "check");
        const box = element("input");
        box.type = "checkbox";
        box.checked = chosen.has(who);
        box.addEventListener("change", () => {
          if (box.checked) chosen.add(who);
          else chosen.delete(who);
          set([...chosen]);
        });
        label.append(box, who);
        group.append(label);
      }
      return group;
    }
    if (p.kind === "bool") {
      const label = element("label", null, "check");
      const box = element("input");
      box.type = "checkbox";
      box.checked = Boolean(value);
      box.title = p.help;
      box.addEventListener("change", () => set(box.checked));
      label.append(box, name);
      return label;
    }
    const offered = this.offered(p);
    if (offered.length) return this.pickField(p, name, offered, set);
    const label = element("label", name);
    label.title = p.help;
    let input;
    if (p.kind === "combatant" || p.kind === "choice") {
      input = element("select");
      input.append(option("", p.required ? "choose…" : "(default)"));
      for (const [title, items] of p.kind === "combatant" ? people : [[null, p.choices]]) {
        const group = title === null ? input : input.appendChild(element("optgroup"));
        if (title !== null) group.label = title;
        for (const item of items) group.append(option(item));
      }
      input.addEventListener("change", () => set(input.value));
    } else {
      input = element("input");
      input.type = p.kind === "int" ? "number" : "text";
      input.placeholder = p.help;
      input.addEventListener("input", () => set(input.value.trim()));
    }
    input.name = p.name;
    input.value = value === undefined ? "" : value;
    label.append(input);
    return label;
  }

  /** A pick list of what the sheet offers, and "other…" that opens a text box. */
  pickField(p, name, offered, set) {
    const label = element("label", name);
    label.title = p.help;
    const pick = element("select");
    pick.name = p.name;
    pick.append(option("", p.required ? "choose…" : "(default)"));
    for (const item of offered) pick.append(option(item));
    pick.append(option(OTHER, "other…"));
    const typed = element("input");
    typed.type = "text";
    typed.name = p.name + "-other";
    typed.placeholder = p.help;
    typed.setAttribute("aria-label", name + ", typed");
    const value = this.values[p.name];
    const free = value !== undefined && value !== "" && !offered.includes(value);
    pick.value = free ? OTHER : value || "";
    typed.value = free ? value : "";
    typed.hidden = !free;
    pick.addEventListener("change", () => {
      typed.hidden = pick.value !== OTHER;
      if (pick.value === OTHER) typed.focus();
      set(pick.value === OTHER ? typed.value.trim() : pick.value);
    });
    typed.addEventListener("input", () => set(typed.value.trim()));
    label.append(pick, typed);
    return label;
  }

  refresh() {
    if (!this.preview) return;
    const text = this.text();
    this.preview.textContent = text || "(choose an action and what it needs)";
    this.sendButton.disabled = !text;
    this.copyButton.disabled = !text;
    this.sendButton.setAttribute("aria-label", text ? "Send: " + text : "Send (not ready)");
    this.askOdds(text);
  }

  askOdds(text) {
    const key = this.stamp + "\n" + text;
    if (key === this.weighed) return;
    this.weighed = key;
    clearTimeout(this.timer);
    const asked = ++this.asked;
    const action = this.action;
    const field = this.targetField();
    const aimed = field && this.values[field.name] && this.values[field.name].length !== 0;
    if (!text || !action || action.game_master || !aimed) {
      this.oddsBox.replaceChildren();
      return;
    }
    if (!this.oddsAllowed()) {
      const why = "The game master has not shared the odds of this fight.";
      this.oddsBox.replaceChildren(element("p", why, "caption"));
      return;
    }
    this.oddsBox.replaceChildren(element("p", "Working out the odds…", "caption"));
    this.timer = setTimeout(async () => {
      try {
        const odds = await call("POST", "/odds", { text }, "the odds of '" + text + "'");
        if (asked === this.asked) drawOdds(this.oddsBox, odds);
      } catch (error) {
        if (asked === this.asked) this.oddsBox.replaceChildren(element("p", "No odds: " + error.message, "caption"));
      }
    }, 200);
  }

  async go() {
    const text = this.text();
    if (!text) return;
    if (await this.send(text)) {
      this.values = {};
      this.actor = null;
      this.draw();
      this.chose();
    }
  }
}

/** The action a bar starts on: attack, else strike, else the first aimed at someone. */
function firstAimed(actions) {
  const aimed = actions.filter((a) => !a.game_master && a.params.some((p) => TARGETS.has(p.kind)));
  const named = (verb) => aimed.find((a) => a.verb === verb);
  const found = named("attack") || named("strike") || aimed[0];
  return found ? found.verb : "";
}
