"""What a careless or hostile chat client must never do (issue 19): drop its own connection
with a long roll, flood itself with errors, or fill the server's log."""

from __future__ import annotations

import asyncio

from tests.chat.test_server import PASSWORD, Client, Server


async def roll_too_long(port: int) -> Client:
    gm = await Client.bare(port)
    await gm.connect(f"gm {PASSWORD}")
    await gm.send("+roll " + "+".join(["1d2"] * 300))
    await gm.until("error: ")
    await gm.send("+roll 1d2+1d2 !2 2")
    await gm.until("= 4")
    await gm.close()
    return gm


def test_a_roll_of_300_terms_is_an_error_line_and_the_connection_stays(database: str) -> None:
    server = Server(database, "--demo", "kingsdale")
    try:
        gm = asyncio.run(roll_too_long(server.port))
    finally:
        server.kill()
    refusal = next(line for line in gm.seen if line.startswith("error: "))
    assert "at most 256 are allowed" in refusal


async def flood_and_bad_name(port: int) -> Client:
    gm = await Client.bare(port)
    await gm.until("QUIT leaves")
    await gm.send("connect Ev\u202eil pw")
    await gm.until("error: a name may not hold")
    await gm.send(f"connect gm {PASSWORD}")
    await gm.until("Welcome")
    for _ in range(1024):  # 1 MB with no newline, then a line
        gm.writer.write(b"x" * 1024)
    await gm.send("\n+roll 1d2 !2")
    await gm.until("= 2")
    await gm.close()
    return gm


def test_a_megabyte_line_is_one_error_and_a_bad_name_is_refused(database: str) -> None:
    """Issue 19, item 8: ~244 copies of the error came back for one 1 MB line."""
    server = Server(database, "--demo", "kingsdale")
    try:
        gm = asyncio.run(flood_and_bad_name(server.port))
    finally:
        server.kill()
    assert sum("at most 4096 bytes" in line for line in gm.seen) == 1
