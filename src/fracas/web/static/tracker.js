// The fracas tracker page, for the game master (/gm/TOKEN) and for a player (/play/TOKEN).
// Everything shown comes from the server, already filtered for this link's audience; the page
// computes no rule. It reads the state through the API and keeps it live over a WebSocket.
"use strict";

const parts = location.pathname.split("/").filter(Boolean);
const GM = parts[0] === "gm";
const TOKEN = decodeURIComponent(parts[1] || "");
const API = "/api/t/" + encodeURIComponent(TOKEN);
const $ = (id) => document.getElementById(id);
let verbs = [];
let names = [];
let seat = null;
let shownVersion = 0;  // the log's version the page shows (a Delete is only of that)
let moving = false;  // the page is moving to the game master's new link: its socket closes
const history = [];
let back = 0;

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

async function call(method, path, body) {
  const response = await fetch(API + path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ message: response.statusText }));
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function showReply(lines, failed) {
  const reply = $("reply");
  reply.className = failed ? "error" : "";
  reply.textContent = lines.join("\n");
}

async function send(text) {
  try {
    const reply = await call("POST", "/commands", { text });
    const lines = [...reply.lines];
    if (reply.needs) lines.push("(waiting for a d" + reply.needs + ": type its face)");
    showReply(lines, false);
    return true;
  } catch (error) {
    showReply([error.message], true);
    return false;
  }
}

async function post(path) {
  try {
    showReply((await call("POST", path)).lines, false);
  } catch (error) {
    showReply([error.message], true);
  }
}

function button(label, onClick) {
  const node = element("button", label);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function drawButtons() {
  const bar = $("buttons");
  bar.replaceChildren();
  if (GM) bar.append(button("Start", () => send("start")));
  bar.append(button("End turn", () => send("end")));
  bar.append(button("Hold", () => send("hold")));
  bar.append(button("Status", () => send("status")));
  if (GM) {
    bar.append(button("Undo", () => post("/undo")));
    bar.append(button("Redo", () => post("/redo")));
    bar.append(button("Stop fight", () => send("stop")));
    const save = element("a", "Export");
    save.href = API + "/export";
    save.download = "fight.json";
    save.className = "export";
    bar.append(save, button("New GM link", replaceLink));
    bar.append(button("Delete encounter", deleteEncounter));
  }
}

async function replaceLink() {
  const question = "Replace your game master link by a new one? The old link stops at once, " +
    "and so does every page open with it; this page moves to the new link: keep its address.";
  if (!confirm(question)) return;
  moving = true;
  try {
    location.replace((await call("POST", "/replace")).page);
  } catch (error) {
    moving = false;
    showReply([error.message], true);
  }
}

async function deleteEncounter() {
  const question = "Delete this encounter for good, with every player's link? " +
    "It cannot be undone: use Export first to keep its save (fracas import brings it back).";
  if (!confirm(question)) return;
  try {
    await call("DELETE", "?version=" + shownVersion);  // not a step the page has not shown
  } catch (error) {
    showReply([error.message], true);
  }
}

function fill(text) {
  const box = $("command");
  box.value = text;
  box.focus();
}

function effectText(effect) {
  const data = effect.data.map(([k, v]) => k + "=" + v).join(", ");
  return effect.name + (data ? " [" + data + "]" : "") + " (" + effect.until + ")";
}

function drawOrder(order) {
  const turns = order.map((turn) => {
    const label = (turn.label ? turn.label + ": " : "") + turn.names.join(", ");
    const item = element("li", label + " (" + turn.initiative + ")");
    item.className = turn.current ? "current" : turn.done ? "done" : "";
    return item;
  });
  $("turns").replaceChildren(...turns);
}

function drawView(view) {
  const mine = !GM && seat && view.combatants.some((c) => c.id === seat.combatant && c.acting);
  $("headline").textContent = view.headline + (mine ? " \u2014 your turn!" : "");
  drawOrder(view.order);
  const head = $("order-head");
  head.replaceChildren(element("th", ""), element("th", "Init"), element("th", "Name"),
    element("th", "Side"));
  for (const pool of view.pool_names) head.append(element("th", pool));
  head.append(element("th", "Effects"), element("th", ""));
  const body = $("combatants");
  body.replaceChildren();
  for (const c of view.combatants) {
    const row = element("tr");
    row.dataset.combatant = c.id;
    row.className = [c.acting ? "acting" : "", c.out ? "out" : "", c.hidden ? "hidden-npc" : ""]
      .join(" ").trim();
    row.append(element("td", c.acting ? "\u25b6" : ""));
    row.append(element("td", c.initiative === null ? "-" : c.initiative, "num"));
    const flags = [c.holding ? "holding" : "", c.out ? "out" : ""].filter(Boolean);
    row.append(element("td", c.name + (flags.length ? " (" + flags.join(", ") + ")" : ""), "name"));
    row.append(element("td", c.side));
    for (const name of view.pool_names) {
      const pool = c.pools === null ? null : c.pools.find((p) => p.name === name);
      const text = c.pools === null ? "?" : pool ? pool.current + "/" + pool.maximum : "";
      row.append(element("td", text, "num"));
    }
    const effects = element("td", null, "effects");
    for (const effect of c.effects) effects.append(element("div", effectText(effect)));
    row.append(effects);
    const actions = element("td", null, "row-actions");
    actions.append(button("attack", () => fill("attack " + c.name + " ")));
    if (GM) {
      actions.append(button("as", () => fill(c.name + ": ")));
      actions.append(button("player link", () => makeLink(c.id)));
    }
    row.append(actions);
    body.append(row);
  }
  names = view.combatants.map((c) => c.name);
}

function drawLog(lines) {
  const log = $("log");
  log.replaceChildren(...lines.map((line) => element("li", line)));
  log.scrollTop = log.scrollHeight;
}

function addToLog(lines) {
  const log = $("log");
  log.append(...lines.map((line) => element("li", line)));
  log.scrollTop = log.scrollHeight;
}

async function makeLink(combatant) {
  try {
    await call("PUT", "/links/" + encodeURIComponent(combatant));
    await drawLinks();
  } catch (error) {
    showReply([error.message], true);
  }
}

async function revokeLink(link) {
  const who = link.name || link.combatant;
  if (!confirm("Revoke " + who + "'s link? Its page stops at once.")) return;
  try {
    await call("DELETE", "/links/" + encodeURIComponent(link.combatant));
    showReply([who + "'s link is revoked; \"player link\" makes a new one."], false);
    await drawLinks();
  } catch (error) {
    showReply([error.message], true);
  }
}

async function drawLinks() {
  const links = await call("GET", "/links");
  const list = $("link-list");
  list.replaceChildren();
  for (const link of links.filter((l) => l.combatant !== null)) {
    const item = element("li", (link.name || link.combatant) + ": ");
    item.dataset.combatant = link.combatant;
    const anchor = element("a", location.origin + link.page);
    anchor.href = link.page;
    anchor.target = "_blank";
    item.append(anchor, " ", button("revoke", () => revokeLink(link)));
    list.append(item);
  }
  $("links").hidden = false;
}

function suggest() {
  const text = $("command").value;
  const words = text.split(" ");
  const last = words[words.length - 1].toLowerCase();
  const before = words.slice(0, -1).join(" ");
  const pool = words.length === 1 ? verbs : names;
  const options = pool
    .filter((word) => word.toLowerCase().startsWith(last))
    .slice(0, 30)
    .map((word) => {
      const option = document.createElement("option");
      option.value = (before ? before + " " : "") + word + " ";
      return option;
    });
  $("completions").replaceChildren(...options);
}

function connect(delay) {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + API + "/live");
  socket.addEventListener("open", () => {
    $("connection").textContent = "live";
    $("connection").className = "online";
  });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "state") {
      shownVersion = data.version;
      drawView(data.view);
      drawLog(data.log);
    } else if (data.type === "step") {  // only the new steps' lines: they follow the log shown
      shownVersion = data.version;
      drawView(data.view);
      addToLog(data.log);
    }
  });
  socket.addEventListener("close", (event) => {
    if (moving) return;
    if (event.code === 4403 || event.code === 4410) {
      // the link was revoked or the encounter deleted: nothing to reconnect to
      $("connection").textContent = "closed: " + event.reason;
      $("connection").className = "closed";
      showReply([event.reason[0].toUpperCase() + event.reason.slice(1) + "."], true);
      $("command-form").hidden = true;
      $("buttons").hidden = true;
      return;
    }
    $("connection").textContent = "reconnecting…";
    $("connection").className = "offline";
    setTimeout(() => connect(Math.min(delay * 2, 10000)), delay);
  });
}

async function main() {
  drawButtons();
  $("command-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("command").value.trim();
    if (!text) return;
    history.push(text);
    back = 0;
    if (await send(text)) $("command").value = "";
  });
  $("command").addEventListener("keydown", (event) => {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    back = Math.max(0, Math.min(history.length, back + (event.key === "ArrowUp" ? 1 : -1)));
    $("command").value = back ? history[history.length - back] : "";
    event.preventDefault();
  });
  $("command").addEventListener("input", suggest);
  try {
    seat = await call("GET", "");
  } catch (error) {
    showReply([error.message], true);
    return;
  }
  const me = seat.view.combatants.find((c) => c.id === seat.combatant);
  $("who").textContent = GM ? "game master" : "you play " + (me ? me.name : seat.combatant);
  shownVersion = seat.version;
  drawView(seat.view);
  drawLog(seat.log);
  if (seat.waiting) showReply([seat.waiting], false);
  verbs = (await call("GET", "/completions")).verbs;
  if (GM) await drawLinks();
  connect(500);
}

main();
