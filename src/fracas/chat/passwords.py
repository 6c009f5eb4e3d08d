"""Chat passwords as the store keeps them: a salted scrypt hash, never the password itself.

``hashed(password)`` is ``scrypt$N$r$p$SALT$HASH`` (hex), with a new random salt each time;
``matches(password, kept)`` checks a password against it in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import os

COST = 2**14
"""scrypt's CPU/memory cost N (16 MiB with r = 8): a fraction of a second per login."""
BLOCK = 8
PARALLEL = 1
SALT_BYTES = 16
SCHEME = "scrypt"


def hashed(password: str) -> str:
    """A salted scrypt hash of ``password``, to keep instead of it."""
    salt = os.urandom(SALT_BYTES)
    digest = _scrypt(password, salt, COST, BLOCK, PARALLEL)
    return f"{SCHEME}${COST}${BLOCK}${PARALLEL}${salt.hex()}${digest.hex()}"


def matches(password: str, kept: str) -> bool:
    """Whether ``password`` is the one ``kept`` (a ``hashed`` result) was made from."""
    parts = kept.split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        return False
    try:
        cost, block, parallel = (int(part) for part in parts[1:4])
        salt, digest = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
        made = _scrypt(password, salt, cost, block, parallel)
    except ValueError:  # not numbers, not hex, or parameters scrypt refuses: a damaged hash
        return False
    return hmac.compare_digest(made, digest)


def _scrypt(password: str, salt: bytes, cost: int, block: int, parallel: int) -> bytes:
    return hashlib.scrypt(
        password.encode(), salt=salt, n=cost, r=block, p=parallel, maxmem=2**26, dklen=32
    )
