// The odds of the action being built, drawn from the server's answer (POST …/odds, the
// machinery of `fracas odds`): each outcome's chance under the ruleset's own names, and the
// damage it deals as a small bar chart (no damage apart) with its mean. Nothing is computed
// here but percentages and bar heights.

import { element } from "./dom.js";

const percent = (p) => (100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1) + " %";

export function drawOdds(box, odds) {
  box.replaceChildren();
  const how = odds.exact
    ? "Exact odds (" + odds.resolutions + " ways the dice can fall)"
    : "Sampled odds: " + odds.samples + " runs, 95 % intervals (" + odds.why_sampled + ")";
  box.append(element("p", how, "caption"));
  const table = element("table");
  const head = element("tr");
  head.append(element("th", "outcome"), element("th", "chance"));
  if (!odds.exact) head.append(element("th", "95 % interval"));
  table.append(head);
  for (const o of odds.outcomes) {
    const row = element("tr");
    row.dataset.outcome = o.name;
    row.dataset.probability = String(o.probability);
    row.append(element("td", o.name), element("td", percent(o.probability), "chance"));
    if (odds.exact) row.title = "exactly " + o.fraction;
    else row.append(element("td", percent(o.low) + " – " + percent(o.high)));
    table.append(row);
  }
  box.append(table);
  const mean = odds.mean_damage.toFixed(2) +
    (odds.exact ? "" : " ± " + odds.mean_damage_margin.toFixed(2));
  box.append(element("p", "Damage: " + mean + " on average", "mean"));
  const none = odds.damage.find((d) => d.amount === 0);
  const dealt = odds.damage.filter((d) => d.amount !== 0);
  if (none && dealt.length) box.append(element("p", "No damage: " + percent(none.probability), "caption"));
  const top = Math.max(...dealt.map((d) => d.probability), 0);
  if (dealt.length > 1 && top > 0) {
    const bars = element("div", null, "bars");
    bars.setAttribute("role", "img");
    bars.setAttribute("aria-label", "damage when it deals any: " + dealt
      .map((d) => d.amount + " damage " + percent(d.probability)).join(", "));
    for (const d of dealt) {
      const bar = element("span");
      bar.style.height = Math.max(2, Math.round((100 * d.probability) / top)) + "%";
      bar.title = d.amount + " damage: " + percent(d.probability);
      bars.append(bar);
    }
    box.append(bars);
    const low = dealt[0].amount;
    const high = dealt[dealt.length - 1].amount;
    box.append(element("p", "Damage dealt, from " + low + " (left) to " + high + " (right)", "caption"));
  }
}
