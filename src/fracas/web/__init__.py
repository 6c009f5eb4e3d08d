"""The web tracker: an HTTP API (FastAPI) and live pages for the game master and players.

``fracas.web.app.create_app(store)`` is the application; ``fracas serve`` runs it with uvicorn.
Nothing is imported here, so that the command line does not load FastAPI to start.
"""
