"""Completing a command line as it is typed: the verbs an audience may use, the names it sees,
and a verb's options.

The web's command box and ``fracas play``'s tab key ask the same questions. A name with spaces
is offered with hyphens (``Raptor-1``), which the lenient name matching reads as ``Raptor 1``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fracas.app.audience import GM, Audience
from fracas.app.catalogue import Redo, Undo
from fracas.app.session import Session
from fracas.commands.spec import ParamKind


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


def typed_name(name: str) -> str:
    """``name`` as one word of a command line: ``Raptor 1`` → ``Raptor-1``."""
    return re.sub(r"\s+", "-", name.strip())


def complete(
    session: Session, before: str, word: str, audience: Audience = GM, extra: Iterable[str] = ()
) -> list[str]:
    """The words that complete ``word``, typed after ``before`` on the line: a verb (or one of
    the ``extra`` words the front end knows, such as ``quit``) first; then an option of that
    verb after ``-``; else a combatant's name. Any case; sorted, without repeats."""
    words = before.split()
    if words and words[0].endswith(":"):  # NAME: verb …
        words = words[1:]
    if not words:
        found = [*verbs(session, audience), *extra]
        found += [f"{typed_name(n)}:" for n in names(session, audience)] if audience.gm else []
    elif word.startswith("-"):
        spec = session.catalogue.get(words[0].lower())
        params = () if spec is None else spec.params
        found = [f"-{p.flag}" for p in params if not p.positional and p.kind is not ParamKind.REST]
    else:
        found = [typed_name(n) for n in names(session, audience)]
    fold = word.casefold()
    return sorted({f for f in found if f.casefold().startswith(fold)})
