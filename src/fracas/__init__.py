"""fracas: a combat engine for tabletop role-playing games."""
