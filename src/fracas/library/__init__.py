"""The library of stat blocks: built-in entries for every ruleset and the user's own.

An entry is one stat block of one ruleset in a YAML file (``fracas.library.entry``); the
library reads the built-in folder and the user's folders (``fracas.library.folders``), keeps
every file's errors (``fracas.library.loading``) and finds entries by name
(``fracas.library.library``). Rules code never reads it: the app turns an entry into a sheet
before an action is built.
"""

from fracas.library.entry import BrokenFile, Entry, EntrySpec, entry_key
from fracas.library.folders import ENVIRONMENT, builtin_folder, user_folders
from fracas.library.library import Library, load_library

__all__ = [
    "ENVIRONMENT",
    "BrokenFile",
    "Entry",
    "EntrySpec",
    "Library",
    "builtin_folder",
    "entry_key",
    "load_library",
    "user_folders",
]
