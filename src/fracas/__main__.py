"""``python -m fracas``: the command-line tracker."""

from fracas.cli import main

main()
