"""The engine: encounter state, actions, events, the reducer, the turn clock and undo."""
