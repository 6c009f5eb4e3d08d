"""The seeds an encounter's dice may be given: whole numbers from 0 up to, not including,
``SEED_BOUND`` (2**63).

The seeded dice take any int, but a store keeps the seed in a signed 64-bit column (SQLite
INTEGER, PostgreSQL BIGINT) and any save may be imported into a store, so every way a seed comes
in (a save, the API, the command line) holds it to this range and refuses the rest. The API's
models say ``lt=SEED_BOUND``: the OpenAPI document writes bounds as JSON numbers, and 2**63 is
exact as one where ``MAX_SEED`` is not (it would read as 2**63, one too many).
"""

SEED_BOUND = 2**63
MAX_SEED = SEED_BOUND - 1
