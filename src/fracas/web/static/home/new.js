// The "New encounter" page: a ruleset, creatures from its library, the roster, an estimate of
// how hard the fight is, and save, which opens the game master's page. Everything goes through
// the API; an estimate runs on the roster saved as an encounter, which Save then opens.
import * as api from "./api.js";
import { drawEstimate, runEstimate } from "./estimate.js";
import { drawEntries } from "./library.js";
import { Roster, drawRoster } from "./roster.js";

const $ = (id) => document.getElementById(id);
const SEARCH_DELAY_MS = 200;
let roster = new Roster();
let saved = null; // {body, created}: the roster as last saved, and the encounter it made
let searching = 0;

function tell(text, failed = false) {
  $("status").textContent = text;
  $("status").className = failed ? "error" : "";
}

function changed() {
  $("estimate-result").hidden = true; // an estimate is of the roster it was made for
  drawRoster($("roster"), $("roster-empty"), roster, changed);
  const total = roster.lines.reduce((sum, line) => sum + line.count, 0);
  $("roster-title").textContent = total ? `Roster (${total})` : "Roster";
  $("estimate").disabled = $("save").disabled = total === 0;
}

async function search() {
  const asked = ++searching;
  try {
    const found = await api.library($("ruleset").value, $("search").value.trim());
    if (asked !== searching) return; // a later search answers instead
    drawEntries($("entries"), $("library-note"), found, (entry) => {
      roster.add(entry);
      changed();
      return roster.count(entry);
    });
  } catch (error) {
    $("library-note").textContent = `The library cannot be read: ${error.message}`;
  }
}

async function fillRulesets() {
  const found = await api.rulesets();
  $("ruleset").replaceChildren(...found.map((r) => new Option(r.name, r.slug)));
  const wanted = new URLSearchParams(location.search).get("ruleset");
  if (found.some((r) => r.slug === wanted)) $("ruleset").value = wanted;
}

async function saveRoster() {
  const body = roster.body($("ruleset").value, $("name").value.trim());
  if (saved && JSON.stringify(saved.body) === JSON.stringify(body)) return saved.created;
  const created = await api.build(body);
  const before = saved;
  saved = { body, created };
  if (before) await api.remove(before.created.token).catch(() => null); // the outdated draft
  return created;
}

async function estimate() {
  $("estimate").disabled = true;
  $("estimate-result").hidden = true;
  try {
    tell("Saving the roster…");
    const created = await saveRoster();
    const result = await runEstimate(created.token, (state) => {
      const again = state.fell_back
        ? " (again from the first, by the engine: study mode met one it cannot play)"
        : "";
      tell(`Playing the fight over and over: ${state.fights} fights${again}, ±${Math.round(state.margin * 100)} %…`);
    });
    drawEstimate($("estimate-body"), result);
    $("estimate-result").hidden = false;
    tell("Estimated. Save and open starts the fight as estimated.");
  } catch (error) {
    tell(`No estimate: ${error.message}`, true);
  } finally {
    $("estimate").disabled = roster.lines.length === 0;
  }
}

async function save() {
  try {
    location.assign((await saveRoster()).page);
  } catch (error) {
    tell(`Not saved: ${error.message}`, true);
  }
}

let timer = 0;
$("search").addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(search, SEARCH_DELAY_MS);
});
$("search-form").addEventListener("submit", (event) => {
  event.preventDefault();
  search();
});
$("ruleset").addEventListener("change", () => {
  if (roster.lines.length) tell("The roster is emptied: its creatures were of another ruleset.");
  roster = new Roster();
  changed();
  search();
});
$("estimate").addEventListener("click", estimate);
$("save").addEventListener("click", save);
changed();
fillRulesets()
  .then(search)
  .catch((error) => tell(`The rulesets cannot be read: ${error.message}`, true));
