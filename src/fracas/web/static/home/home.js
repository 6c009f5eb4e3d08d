// The game master's home page: the stored encounters, and creating, importing, exporting and
// deleting them, all through the HTTP API (the page holds no data of its own).
import * as api from "./api.js";
import { draw, saveFileName, title } from "./list.js";

const $ = (id) => document.getElementById(id);
let shown = [];

function tell(text, failed = false) {
  $("status").textContent = text;
  $("status").className = failed ? "error" : "";
}

async function refresh(fresh) {
  try {
    shown = await api.encounters();
  } catch (error) {
    tell(`The list cannot be read: ${error.message}`, true);
    return;
  }
  $("empty").hidden = shown.length > 0;
  $("stored-title").textContent = `Stored encounters (${shown.length})`;
  draw($("encounters"), shown, askToDelete, fresh);
}

async function fillRulesets() {
  const choice = $("ruleset");
  const found = await api.rulesets();
  choice.replaceChildren(
    ...found.map((ruleset) => {
      const option = new Option(ruleset.name, ruleset.slug);
      option.dataset.demo = ruleset.demo ? "yes" : "";
      return option;
    }),
  );
  const noticeDemo = () => {
    const picked = choice.selectedOptions[0];
    $("demo").disabled = !(picked && picked.dataset.demo);
    if ($("demo").disabled) $("demo").checked = false;
  };
  choice.addEventListener("change", noticeDemo);
  noticeDemo();
}

async function createEncounter(event) {
  event.preventDefault();
  try {
    const created = await api.create($("ruleset").value, $("name").value.trim(), $("demo").checked);
    location.assign(created.page);
  } catch (error) {
    tell(`Not created: ${error.message}`, true);
  }
}

async function readSave(file) {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file.name} is not a save: it is not JSON`);
  }
}

async function importFile(event) {
  event.preventDefault();
  const file = $("save-file").files[0];
  if (!file) return;
  try {
    const created = await api.importSave(await readSave(file));
    $("import-form").reset();
    await refresh(created.id);
    const found = shown.find((encounter) => encounter.id === created.id);
    tell(`Imported ${file.name} as ${found ? title(found) : created.id}.`);
  } catch (error) {
    tell(`Not imported: ${error.message}`, true);
  }
}

function askToDelete(encounter) {
  const dialog = $("confirm-delete");
  $("delete-name").textContent = title(encounter);
  $("delete-export").href = api.exportUrl(encounter.token);
  $("delete-export").download = saveFileName(encounter);
  dialog.returnValue = "";
  dialog.onclose = () => {
    if (dialog.returnValue === "delete") deleteEncounter(encounter);
  };
  dialog.showModal();
}

async function deleteEncounter(encounter) {
  try {
    await api.remove(encounter.token, encounter.steps);
    tell(`Deleted ${title(encounter)}.`);
  } catch (error) {
    const changed = error.status === 409 ? " (it changed since the list was read; look again)" : "";
    tell(`${title(encounter)} is not deleted: ${error.message}${changed}`, true);
  }
  await refresh();
}

$("create-form").addEventListener("submit", createEncounter);
$("import-form").addEventListener("submit", importFile);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") refresh();
});
fillRulesets().catch((error) => tell(`The rulesets cannot be read: ${error.message}`, true));
refresh();
