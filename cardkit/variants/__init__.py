"""One module per game: `huahuar`, `guandan`, `shengji`, `paoyao`.

Each has `Rules` (keyword options, defaults = the seed text) and
`new_game(seed, **options) -> Game`; see `cardkit.game` for the Game protocol.
"""

import importlib

NAMES = ("huahuar", "guandan", "shengji", "paoyao")


def load(name: str):
    """The variant module called `name` (one of `NAMES`)."""
    if name not in NAMES:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(NAMES)}")
    return importlib.import_module(f"{__name__}.{name}")
