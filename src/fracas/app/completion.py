"""Completing a command line as it is typed: the verbs an audience may use, the names it sees,
a verb's options, and what a combatant's sheet offers an option (its weapons, its powers).

The web's command box and action bar and ``fracas play``'s tab key ask the same questions. A
name with spaces is offered with hyphens (``Raptor-1``), which the lenient name matching reads
as ``Raptor 1``; a sheet's name with spaces (``Laser Pistol``) is offered in quotes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fracas.app.audience import GM, Audience
from fracas.app.catalogue import Redo, Undo
from fracas.app.session import Session
from fracas.commands import resolve_name
from fracas.commands.errors import CommandError
from fracas.commands.spec import CommandSpec, Param, ParamKind
from fracas.engine.action import CombatantId

Offered = dict[str, dict[str, list[str]]]
"""What one combatant's sheet offers: verb → field → the names it may take."""


def verbs(session: Session, audience: Audience = GM) -> list[str]:
    """The verbs ``audience`` may use, sorted: players get neither the game master's actions
    nor undo and redo."""
    return sorted(
        spec.verb
        for spec in session.catalogue
        if audience.gm or not (spec.action.game_master or spec.action in (Undo, Redo))
    )


def names(session: Session, audience: Audience = GM) -> list[str]:
    """The names of the combatants ``audience`` sees, in the view's order."""
    return [c.name for c in session.view(audience).combatants]


def actors(session: Session, speaker: CombatantId | None) -> list[CombatantId]:
    """Whose sheets a seat may pick from: the game master's (``speaker`` None) every
    combatant's; a player's only their own combatant's, and not even that while it is hidden
    from them."""
    if speaker is None:
        return [c.id for c in session.state]
    audience = session.audience(speaker)
    return [c.id for c in session.state if c.id == speaker and audience.sees(c)]


def offered(session: Session, combatant: CombatantId) -> Offered:
    """What ``combatant``'s sheet offers each field of each command that lists something
    (``attack -with``: its weapons); a field its sheet offers nothing for is left out."""
    sheet = session.state[combatant].sheet
    found: Offered = {}
    for spec in session.catalogue:
        for param in spec.params:
            names = list(param.offered(sheet)) if param.offered is not None else []
            if names:
                found.setdefault(spec.verb, {})[param.name] = names
    return found


def typed_name(name: str) -> str:
    """``name`` as one word of a command line: ``Raptor 1`` → ``Raptor-1``."""
    return re.sub(r"\s+", "-", name.strip())


def complete(
    session: Session, before: str, word: str, audience: Audience = GM, extra: Iterable[str] = ()
) -> list[str]:
    """The words that complete ``word``, typed after ``before`` on the line: a verb (or one of
    the ``extra`` words the front end knows, such as ``quit``) first; then an option of that
    verb after ``-``; the actor's own names for an option its sheet offers (``-with`` its
    weapons, ``use`` its powers), the actor being the ``NAME:`` prefix or whoever's turn it is;
    else a combatant's name. Any case; sorted, without repeats."""
    words = before.split()
    speaker = words[0][:-1] if words and words[0].endswith(":") else None
    if speaker is not None:  # NAME: verb …
        words = words[1:]
    spec = session.catalogue.get(words[0].lower()) if words else None
    if not words:
        found = [*verbs(session, audience), *extra]
        found += [f"{typed_name(n)}:" for n in names(session, audience)] if audience.gm else []
    elif word.startswith("-"):
        params = () if spec is None else spec.params
        found = [f"-{p.flag}" for p in params if not p.positional and p.kind is not ParamKind.REST]
    elif spec is not None and (param := _offering(spec, words)) is not None:
        found = _sheet_names(session, audience, speaker, spec, param, words)
    else:
        found = [typed_name(n) for n in names(session, audience)]
    fold = word.casefold().lstrip("\"'")
    return sorted({f for f in found if f.casefold().lstrip("\"'").startswith(fold)})


def _offering(spec: CommandSpec, words: list[str]) -> Param | None:
    """The field whose value comes next when a sheet offers it: the option just named
    (``-with``), or the first argument after the verb (``use POWER``)."""
    if len(words) == 1:
        first = spec.positionals[:1] or ((spec.rest,) if spec.rest is not None else ())
        return next((p for p in first if p.offered is not None), None)
    flag = words[-1].lstrip("-").lower() if words[-1].startswith("-") else None
    return next((p for p in spec.params if p.flag == flag and p.offered is not None), None)


def _sheet_names(
    session: Session,
    audience: Audience,
    speaker: str | None,
    spec: CommandSpec,
    param: Param,
    words: list[str],
) -> list[str]:
    """What the actor's sheet (or that of the combatant ``param.offered_by`` names among
    ``words``) offers ``param``, each name as typed (quoted when it has spaces); nothing for a
    player's audience, which may not say whose sheet it is (``offered`` with ``actors`` serves
    a player their own)."""
    if not audience.gm:
        return []
    seen = {c.id: c.name for c in session.state}
    try:
        actor = resolve_name(speaker, seen) if speaker else None
    except CommandError:
        return []
    acting = [a for a in session.encounter.acting() if a in seen]
    actor = actor or (acting[0] if len(acting) == 1 else None)
    if param.offered_by is not None:  # another field's combatant's sheet (the collider's)
        actor = _named(spec, param.offered_by, words, seen)
    if actor is None:
        return []
    names = offered(session, actor).get(spec.verb, {}).get(param.name, [])
    return [name if " " not in name else f'"{name}"' for name in names]


def _named(
    spec: CommandSpec, field: str, words: list[str], seen: dict[CombatantId, str]
) -> CombatantId | None:
    """The one combatant ``words`` (the verb first) give field ``field``: the word after its
    ``-flag``, or its place among the positional arguments; None when there is not one."""
    param = spec.param(field)
    if param.positional:
        where = 1 + spec.positionals.index(param)
        given = words[where] if where < len(words) and not words[where].startswith("-") else None
    else:
        flags = [i for i, word in enumerate(words[:-1]) if word.lower() == f"-{param.flag}"]
        given = words[flags[0] + 1] if len(flags) == 1 else None
    if given is None or "," in given:
        return None
    try:
        return resolve_name(given, seen)
    except CommandError:
        return None
