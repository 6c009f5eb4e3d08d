// The estimate of how hard a stored fight is: started, followed until it ends, shown in words.
import * as api from "./api.js";

const POLL_MS = 400;
const SHOWN_FALLS = 3;

const percent = (chance) => `${Math.round(chance * 100)} %`;

export async function runEstimate(token, progress) {
  let state = await api.startEstimate(token);
  while (state.status === "running") {
    progress(state);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    state = await api.readEstimate(token);
  }
  if (state.status === "failed") throw new Error(state.error || "the estimate failed");
  return state.result;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function side(odds) {
  const who = odds.side === null ? "nobody" : odds.side;
  const range = `${percent(odds.low)}–${percent(odds.high)}`;
  const standing = odds.side === null ? "" : `; ${odds.survivors.toFixed(1)} standing at the end`;
  return element("li", `${who}: wins ${percent(odds.probability)} of fights (${range})${standing}`);
}

export function drawEstimate(body, result) {
  const sides = element("ul", undefined, "sides");
  sides.append(...result.sides.map(side));
  const [low, high] = result.rounds_spread;
  const rounds = element(
    "p",
    `A fight lasts ${result.rounds_median} rounds (most between ${low} and ${high}).`,
  );
  const falls = result.falls.slice(0, SHOWN_FALLS).map((f) => `${f.name} (${percent(f.chance)})`);
  const fall = element("p", `Most likely to fall: ${falls.join(", ")}.`);
  const why = { precise: "precise to ±5 %", budget: "out of time", limit: "every fight played" };
  const how = element(
    "p",
    `From ${result.fights} fights in ${result.seconds.toFixed(1)} s (${why[result.stopped] || result.stopped}), each side's chance within ±${percent(result.margin)}.`,
    "note",
  );
  body.replaceChildren(sides, rounds, fall, how);
}
