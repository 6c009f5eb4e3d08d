"""The chat front end: an encounter played over lines of chat, MUSH style (``+init``, ``+vinit``).

``ChatSession`` is the part that knows no transport: (speaker, line) in, addressed messages out.
``fracas.chat.server`` carries it over TCP for MUD/MUSH clients and plain telnet
(``fracas chat serve``).
"""

from fracas.chat.messages import EVERYONE, GAME_MASTERS, Member, Message
from fracas.chat.session import ChatSession, Person

__all__ = ["EVERYONE", "GAME_MASTERS", "ChatSession", "Member", "Message", "Person"]
