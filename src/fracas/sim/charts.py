"""Charts of the analysis tools (matplotlib, drawn off-screen): PNG or SVG by the file's suffix."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from fracas.errors import FracasError
from fracas.sim.odds import Odds
from fracas.sim.report import Summary

FORMATS = (".png", ".svg")


def check_chart(path: Path) -> None:
    """Raise FracasError unless a chart can be written at ``path``: a .png or .svg name in a
    folder that exists (checked before the figures are worked out, which may take long)."""
    if path.suffix.lower() not in FORMATS:
        raise FracasError(f"{path}: a chart is written as .png or .svg, not {path.suffix!r}")
    if not path.parent.is_dir():
        raise FracasError(f"{path}: cannot write the chart (no folder {path.parent})")


def odds_chart(odds: Odds, title: str, path: Path) -> None:
    """Outcome probabilities beside the damage distribution (bars, with P(damage ≥ x))."""
    check_chart(path)
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4), width_ratios=(1, 2))
    names = list(odds.outcomes)
    left.bar(names, [float(p) for p in odds.outcomes.values()], color="#4c72b0")
    left.set_ylabel("probability")
    left.set_title("outcomes")
    left.tick_params(axis="x", rotation=30)
    chances = odds.damage.probabilities()
    totals = sorted(chances)
    right.bar(totals, [float(chances[t]) for t in totals], color="#dd8452", label="P(damage = x)")
    at_least, remaining = [], 1.0
    for total in totals:
        at_least.append(remaining)
        remaining -= float(chances[total])
    right.step(totals, at_least, where="mid", color="#55a868", label="P(damage ≥ x)")
    right.set_xlabel("damage")
    right.set_title(f"damage (mean {float(odds.damage.mean()):.2f})")
    right.legend()
    figure.suptitle(title + ("" if odds.exact else f" (sampled, {odds.samples} runs)"))
    _save(figure, path)


def sim_chart(summary: Summary, path: Path) -> None:
    """Win probability per side with its interval, rounds taken, damage per combatant."""
    check_chart(path)
    figure, (wins, rounds, damage) = plt.subplots(1, 3, figsize=(15, 4.5))
    labels = [s.side or "nobody" for s in summary.sides]
    values = [s.probability for s in summary.sides]
    errors = [
        [s.probability - s.low for s in summary.sides],
        [s.high - s.probability for s in summary.sides],
    ]
    wins.bar(labels, values, yerr=errors, capsize=6, color="#4c72b0")
    wins.set_ylim(0, 1)
    wins.set_title("win probability (95 % interval)")
    rounds.bar([r for r, _ in summary.rounds], [n for _, n in summary.rounds], color="#8172b3")
    rounds.set_title(f"rounds (mean {summary.rounds_mean:.2f})")
    rounds.set_xlabel("rounds")
    names = [c.name for c in summary.combatants]
    places = range(len(names))
    damage.barh(
        [p + 0.2 for p in places],
        [c.dealt for c in summary.combatants],
        0.4,
        label="dealt",
        color="#dd8452",
    )
    damage.barh(
        [p - 0.2 for p in places],
        [c.taken for c in summary.combatants],
        0.4,
        label="taken",
        color="#c44e52",
    )
    damage.set_yticks(list(places), names)
    damage.set_title("mean damage per fight")
    damage.legend()
    figure.suptitle(f"{summary.encounter}: {summary.runs} runs, seed {summary.seed}")
    _save(figure, path)


def _save(figure: Figure, path: Path) -> None:
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise FracasError(f"{path}: cannot write the chart ({error.strerror or error})") from error
    finally:
        plt.close(figure)
