"""The web tracker: an HTTP API (FastAPI) and live pages for the game master and players.

``create_app(store)`` is the application; ``fracas serve`` runs it with uvicorn.
"""

from fracas.web.app import create_app

__all__ = ["create_app"]
