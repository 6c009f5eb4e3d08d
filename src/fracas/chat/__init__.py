"""The chat front end: an encounter played over lines of chat, MUSH style (``+init``, ``+vinit``).

``ChatSession`` is the part that knows no transport: (speaker, line) in, addressed messages out.
``fracas.chat.server`` carries it over TCP for MUD/MUSH clients and plain telnet
(``fracas chat serve``). Nothing is imported here, so that the command line does not load
the database to start.
"""
