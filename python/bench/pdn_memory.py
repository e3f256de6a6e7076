"""Memory of games read from PDN: one-move games read with `pdn.read_games_str` and kept in a
list, 100 000 by default.

    python python/bench/pdn_memory.py [GAMES]

Builds the text (`1. c3-c4 *` and a blank line, repeated), reads one game first (the
module's own first allocations), then prints the process's resident size (from
/proc/self/statm, Linux) before and after reading the games into a list, and the
difference per game. Run it in a fresh interpreter, as here: the games stay alive until the
second reading.
"""

import sys

from memory import resident_bytes
from turkish_draughts import pdn


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    text = "1. c3-c4 *\n\n" * n
    list(pdn.read_games_str("1. c3-c4 *"))
    before = resident_bytes()
    games = list(pdn.read_games_str(text))
    after = resident_bytes()
    assert len(games) == n and all(len(g) == 1 for g in games)
    print(
        f"{n} one-move games: resident {before / 1e6:.1f} MB before, {after / 1e6:.1f} MB after, "
        f"{(after - before) / 1e6:.1f} MB for the games ({(after - before) / n:.0f} bytes a game)"
    )


if __name__ == "__main__":
    main()
