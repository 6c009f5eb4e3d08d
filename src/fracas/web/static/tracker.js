// The fracas tracker page, for the game master (/gm/TOKEN) and for a player (/play/TOKEN).
// Everything shown comes from the server, already filtered for this link's audience; the page
// computes no rule. This module wires the others: api (requests), live (the socket), cards,
// the action bar, the log and the keys.

import { BASE, GM, call, sendCommand } from "./api.js";
import { ActionBar } from "./actionbar.js";
import { drawCards } from "./cards.js";
import { $, button, element } from "./dom.js";
import { quote } from "./text.js";
import { bindKeys } from "./keys.js";
import { connect } from "./live.js";
import { appendLog, drawLog } from "./log.js";

const page = {
  seat: null,
  view: null,
  version: 0, // the log's version the page shows (a Delete is only of that)
  moving: false, // the page is moving to the game master's new link: its socket closes
  verbs: new Set(),
  names: [],
  bar: null,
  playersSeeOdds: false,
  headline: "",
  catalogue: [],
};
const history = [];
let back = 0;

function showReply(lines, failed) {
  $("reply").className = failed ? "error" : "";
  $("reply").textContent = lines.join("\n");
}

async function send(text) {
  try {
    const reply = await sendCommand(text);
    const lines = [...reply.lines];
    if (reply.needs) lines.push("(waiting for a d" + reply.needs + ": type its face)");
    showReply(lines, false);
    return true;
  } catch (error) {
    showReply([error.message], true);
    return false;
  }
}

async function post(path, what) {
  try {
    showReply((await call("POST", path, undefined, what)).lines, false);
  } catch (error) {
    showReply([error.message], true);
  }
}

function drawButtons() {
  const bar = $("buttons");
  bar.replaceChildren();
  if (GM) {
    const start = button("Start", () => send("start"), "Start the fight");
    start.id = "start";
    start.hidden = Boolean(page.view && page.view.started); // shown until the fight starts
    bar.append(start);
  }
  const end = button("End turn", () => send("end"), "End the current turn (n)");
  const hold = button("Hold", () => send("hold"), "Hold the current turn");
  end.id = "end-turn";
  hold.id = "hold";
  bar.append(end, hold);
  bar.append(button("Status", () => send("status"), "Show the table as text"));
  if (!GM) return;
  bar.append(button("Undo", () => post("/undo", "undo"), "Undo the last step (u)"));
  bar.append(button("Redo", () => post("/redo", "redo"), "Redo the undone step"));
  bar.append(button("Stop fight", () => send("stop"), "Stop the fight"));
  const save = element("a", "Export");
  save.href = BASE + "/export";
  save.download = "fight.json";
  bar.append(save, button("New GM link", replaceLink, "Replace your game master link"));
  const del = button("Delete encounter", deleteEncounter, "Delete this encounter for good");
  del.classList.add("danger");
  bar.append(del);
  const share = element("label", null, "check");
  const box = element("input");
  box.type = "checkbox";
  box.id = "players-odds";
  box.checked = page.playersSeeOdds;
  box.addEventListener("change", async () => {
    try {
      await call("PUT", "/odds/players", { players: box.checked }, "sharing the odds");
      page.playersSeeOdds = box.checked;
    } catch (error) {
      box.checked = !box.checked;
      showReply([error.message], true);
    }
  });
  share.append(box, " players see odds");
  bar.append(share);
}

async function replaceLink() {
  const question = "Replace your game master link by a new one? The old link stops at once, " +
    "and so does every page open with it; this page moves to the new link: keep its address.";
  if (!confirm(question)) return;
  page.moving = true;
  try {
    location.replace((await call("POST", "/replace", undefined, "replacing the link")).page);
  } catch (error) {
    page.moving = false;
    showReply([error.message], true);
  }
}

async function deleteEncounter() {
  const question = "Delete this encounter for good, with every player's link? " +
    "It cannot be undone: use Export first to keep its save (fracas import brings it back).";
  if (!confirm(question)) return;
  try {
    await call("DELETE", "?version=" + page.version, undefined, "deleting the encounter");
  } catch (error) {
    showReply([error.message], true);
  }
}

function toCommandBox(text) {
  $("command").value = text;
  $("command").focus();
}

function drawOrder(order) {
  const turns = order.map((turn) => {
    const label = (turn.label ? turn.label + ": " : "") + turn.names.join(", ");
    const item = element("li", label + " (" + turn.initiative + ")" + (turn.current ? " — now" : ""));
    item.className = turn.current ? "current" : turn.done ? "done" : "";
    if (turn.current) item.setAttribute("aria-current", "step");
    return item;
  });
  $("turns").replaceChildren(...turns);
}

function drawState(state) {
  page.version = state.version;
  page.view = state.view;
  const view = state.view;
  const mine = !GM && view.combatants.some((c) => c.id === page.seat.combatant && c.acting);
  const headline = view.headline + (mine ? " — your turn!" : "");
  $("headline").textContent = headline;
  document.title = headline + " · fracas";
  if (page.headline && headline !== page.headline) $("announce").textContent = headline;
  page.headline = headline;
  if ($("start")) $("start").hidden = view.started;
  for (const id of ["end-turn", "hold"]) $(id).disabled = !GM && !mine; // a player's own turn
  drawOrder(view.order);
  if (page.bar) page.bar.update(view); // first: the cards' buttons read who acts now
  drawAllCards();
  (state.appended ? appendLog : drawLog)($("log"), state.log); // a live step's lines: added
  page.playersSeeOdds = view.players_see_odds; // the switch comes with every view
  if ($("players-odds")) $("players-odds").checked = view.players_see_odds;
  page.names = view.combatants.map((c) => c.name);
}

/** The cards of the view shown, their buttons following the action bar's choices. */
function drawAllCards() {
  const bar = page.bar;
  drawCards($("cards"), page.view, {
    gm: GM,
    mine: GM ? null : page.seat.combatant,
    verbs: page.verbs,
    aimed: () => (bar ? bar.verb : ""),
    targetLabel: (c) => (bar ? bar.targetLabel(c) : null),
    onTarget: (c) => bar && bar.chooseTarget(c),
    onActAs: (c) => bar && bar.actAs(c),
    onLink: (c) => makeLink(c.id),
    send,
    fires: (h) => firing(h) !== null,
    onFire: fire,
  });
}

/** The catalogue's action and flag that fire a held action, or null when this link has none. */
function firing(h) {
  const action = page.catalogue.find((a) => a.verb === h.verb && a.params);
  const flag = action && action.params.find((p) => p.kind === "bool" && p.flag === h.flag);
  return flag ? { action, flag } : null;
}

/** Fire c's held action: at once when the command needs nothing more, else in the action bar
 * with the flag set, for the rest (the target) to be chosen. */
function fire(c, h) {
  const found = firing(h);
  if (!found) return;
  if (!found.action.params.some((p) => p.required)) {
    send((GM ? quote(c.name) + ": " : "") + h.verb + " -" + h.flag);
  } else if (page.bar) {
    page.bar.prepare(c.name, h.verb, { [found.flag.name]: true });
  }
}

async function makeLink(combatant) {
  try {
    await call("PUT", "/links/" + encodeURIComponent(combatant), undefined, "making a player link");
    await drawLinks();
  } catch (error) {
    showReply([error.message], true);
  }
}

async function revokeLink(link) {
  const who = link.name || link.combatant;
  if (!confirm("Revoke " + who + "'s link? Its page stops at once.")) return;
  try {
    await call("DELETE", "/links/" + encodeURIComponent(link.combatant), undefined, "revoking the link");
    showReply([who + "'s link is revoked; \"Player link\" makes a new one."], false);
    await drawLinks();
  } catch (error) {
    showReply([error.message], true);
  }
}

async function drawLinks() {
  const links = await call("GET", "/links", undefined, "reading the links");
  const list = $("link-list");
  list.replaceChildren();
  for (const link of links.filter((l) => l.combatant !== null)) {
    const who = link.name || link.combatant;
    const item = element("li", who + ": ");
    item.dataset.combatant = link.combatant;
    const anchor = element("a", location.origin + link.page);
    anchor.href = link.page;
    anchor.target = "_blank";
    item.append(anchor, " ", button("Revoke", () => revokeLink(link), "Revoke " + who + "'s link"));
    list.append(item);
  }
  $("links").hidden = list.childElementCount === 0;
}

function suggest() {
  const text = $("command").value;
  const words = text.split(" ");
  const last = words[words.length - 1].toLowerCase();
  const before = words.slice(0, -1).join(" ");
  const pool = words.length === 1 ? [...page.verbs] : page.names;
  const options = pool
    .filter((word) => word.toLowerCase().startsWith(last))
    .slice(0, 30)
    .map((word) => {
      const item = document.createElement("option");
      item.value = (before ? before + " " : "") + word + " ";
      return item;
    });
  $("completions").replaceChildren(...options);
}

function closed(reason) {
  showReply([reason[0].toUpperCase() + reason.slice(1) + "."], true);
  $("command-form").hidden = true;
  $("buttons").hidden = true;
  $("actionbar").hidden = true;
}

function commandBox() {
  $("command-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("command").value.trim();
    if (!text) return;
    history.push(text);
    back = 0;
    if (await send(text)) $("command").value = "";
  });
  $("command").addEventListener("keydown", (event) => {
    if (event.key === "Escape") $("command").blur();
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    back = Math.max(0, Math.min(history.length, back + (event.key === "ArrowUp" ? 1 : -1)));
    $("command").value = back ? history[history.length - back] : "";
    event.preventDefault();
  });
  $("command").addEventListener("input", suggest);
}

async function main() {
  commandBox();
  bindKeys({
    "/": () => $("command").focus(),
    n: () => send("end"),
    u: () => (GM ? post("/undo", "undo") : undefined),
    "?": () => $("keys").showModal(),
  });
  try {
    page.seat = await call("GET", "", undefined, "reading the fight");
    const [completions, catalogue] = await Promise.all([
      call("GET", "/completions", undefined, "reading the commands"),
      call("GET", "/catalogue", undefined, "reading the actions"),
    ]);
    page.verbs = new Set(completions.verbs);
    page.catalogue = catalogue;
    page.playersSeeOdds = page.seat.view.players_see_odds;
    page.bar = new ActionBar($("actionbar"), {
      gm: GM,
      me: page.seat.combatant,
      catalogue,
      send,
      toCommandBox,
      oddsAllowed: () => GM || page.playersSeeOdds,
      chose: () => page.view && drawAllCards(),
    });
  } catch (error) {
    showReply([error.message], true);
    return;
  }
  drawButtons();
  const seat = page.seat;
  const me = seat.view.combatants.find((c) => c.id === seat.combatant);
  $("who").textContent = GM ? "game master" : "you play " + (me ? me.name : seat.combatant);
  if (GM) {
    const home = element("a", "all encounters");
    home.href = "/";
    $("who").after(home);
  }
  drawState(seat);
  if (seat.waiting) showReply([seat.waiting], false);
  if (GM) await drawLinks();
  connect({
    onState: drawState,
    onStatus: (text, kind) => {
      $("connection").textContent = text;
      $("connection").className = kind;
    },
    onClosed: closed,
    leaving: () => page.moving,
  });
}

main();
