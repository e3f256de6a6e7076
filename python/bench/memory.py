"""Memory of many boards: the 63 964 positions of tests/data/game-positions.fen as `Board`s.

    python python/bench/memory.py

Reads the FENs first, then builds one `Board` each, and prints the process's resident size
(from /proc/self/statm, Linux) before and after building them, and the difference per
board. The boards stay alive until the second reading.
"""

import os
import pathlib

import turkish_draughts as td

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "game-positions.fen"


def resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main():
    fens = [l.strip() for l in DATA.read_text().splitlines() if l.strip() and not l.startswith("#")]
    td.Board(fens[0])  # the module's own first allocations, before the first reading
    before = resident_bytes()
    boards = [td.Board(f) for f in fens]
    after = resident_bytes()
    print(
        f"{len(boards)} boards: resident {before / 1e6:.1f} MB before, {after / 1e6:.1f} MB after, "
        f"{(after - before) / 1e6:.1f} MB for the boards ({(after - before) / len(boards):.0f} bytes a board)"
    )


if __name__ == "__main__":
    main()
