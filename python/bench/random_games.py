"""A random game loop written in Python: `legal_moves`, a random choice, `push`.

    python python/bench/random_games.py [GAMES] [REPS]

Plays GAMES games (default 2 000) from the start position under the default rules, each
until `legal_moves` is empty (the game is over: no move, an adjudicated ending or a
threefold repetition), with `random.Random(1)`, and prints plies a second for the best of
REPS (default 5) runs, on one core.
"""

import random
import sys
import time

import turkish_draughts as td


def run(games):
    rng = random.Random(1)
    plies = 0
    for _ in range(games):
        board = td.Board()
        while True:
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
            plies += 1
    return plies


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        plies = run(games)
        best = min(best, time.perf_counter() - t)
    print(f"python random games: {games} games, {plies} plies, best {best:.3f} s ({plies / best:,.0f} plies/s)")


if __name__ == "__main__":
    main()
