"""How often the action encoding needs its slots, and how often it runs out of them.

    python python/bench/actions.py

For each position of tests/data/game-positions.fen, bench.fen and the worst-case files
(read with `relaxed=True`, as some are composed positions beyond 16 pieces a side; the
slowest line of worst-case-found.fen takes seconds and is left out unless `--all`): how
many positions have two legal moves with the same origin and destination (told apart by
the slot), the most moves sharing one pair, and how many legal moves have no action
(those past the last slot).
"""

import collections
import pathlib
import sys

import turkish_draughts as td

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


def fens(name):
    out = []
    for line in (DATA / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split("\t")[0].split(";")[0].strip())
    return out


def main():
    files = ["game-positions.fen", "bench.fen", "worst-case.fen", "worst-case-found.fen", "worst-case-strict.fen"]
    for name in files:
        for rules in ("default", "tudaf"):
            positions = shared = most = moves = missing = hit = 0
            for line, fen in enumerate(fens(name), 1):
                if name == "worst-case-found.fen" and line == 4 and "--all" not in sys.argv:
                    continue  # a single move list takes seconds
                board = td.Board(fen, rules, relaxed=True)
                legal = board.legal_moves
                pairs = collections.Counter((m.origin, m.destination) for m in legal)
                top = max(pairs.values(), default=0)
                positions += 1
                moves += len(legal)
                shared += top > 1
                most = max(most, top)
                lost = len(legal) - len(board.legal_actions())
                missing += lost
                hit += lost > 0
            print(
                f"{name} ({rules}): {positions} positions, {moves} moves; "
                f"{shared} positions with moves sharing origin and destination (most: {most}); "
                f"{missing} moves without an action, in {hit} positions"
            )


if __name__ == "__main__":
    main()
