"""The statements every command runs, built once, their values bound when they run.

Building a SQLAlchemy statement (``select(…).where(…)``) and its cache key costs about ten
times what running it costs on SQLite: the look at an encounter's version that precedes every
command took 0.47 ms built anew each time and 0.05 ms built here
(``benchmarks/command_path.py``). The parameters are named after what they hold.
"""

from __future__ import annotations

from sqlalchemy import bindparam, delete, func, insert, select, update

from fracas.store.database import answers, encounters, entries, links, waiting

LATEST = select(
    encounters.c.id,
    select(func.max(entries.c.number))
    .where(entries.c.encounter == bindparam("encounter"))
    .scalar_subquery(),
).where(encounters.c.id == bindparam("encounter"))
"""The encounter's id (no row: there is no such encounter) and the number of its last entry
(NULL: none yet)."""

LAST = select(func.max(entries.c.number)).where(entries.c.encounter == bindparam("encounter"))
"""The number of the encounter's last entry (NULL: none yet)."""

TOUCH = (
    update(encounters)
    .where(encounters.c.id == bindparam("encounter"))
    .values(updated=bindparam("now"))
)
"""Mark the encounter changed at ``now`` (no row changed: there is no such encounter)."""

ADD_ENTRY = insert(entries)
ADD_ANSWER = insert(answers)
ADD_WAIT = insert(waiting)

FORGET_WAIT = delete(waiting).where(
    waiting.c.encounter == bindparam("encounter"), waiting.c.speaker == bindparam("speaker")
)

ANSWER = select(answers).where(
    answers.c.encounter == bindparam("encounter"), answers.c.key == bindparam("key")
)

LINK = select(links).where(links.c.token == bindparam("token"))

LINKS = select(links).where(links.c.encounter == bindparam("encounter")).order_by(links.c.created)
