"""Perft and self-play past one machine, on Dask (needs the ``distributed`` extra:
``pip install "./python[distributed]"``).

The work that outgrows a machine here is deep perft and self-play at scale. Both split into
independent tasks that :class:`dask.distributed.Client` runs on its workers:

* **Perft** splits exactly below the root: ``perft(board, split + d)`` is the sum of
  ``perft(position, d)`` over the positions ``split`` plies down, one per path
  (:func:`turkish_draughts.positions_at`). Paths that meet give the same task; it is run
  once and counted as often as it occurs.
* **Self-play** splits by game: game ``i`` of a batch depends only on the seed and ``i``, so
  chunks of games run anywhere and their PDN texts, joined in order, are the text that
  :func:`turkish_draughts.selfplay` would give for the whole batch.

On one machine::

    from dask.distributed import Client, LocalCluster
    import turkish_draughts as td
    from turkish_draughts.distributed import perft, selfplay

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        assert perft(client, td.Board(), 7) == 10_782_308

On a cluster, the same code takes the scheduler's address instead of a local cluster::

    # on the scheduler machine:  dask scheduler              (listens on port 8786)
    # on each worker machine:    dask worker tcp://SCHEDULER:8786 --nthreads 1 --nworkers 4
    #                            (each machine needs this package installed)
    client = Client("tcp://SCHEDULER:8786")
    total = perft(client, td.Board(), 9, split=3)
    selfplay(client, 100_000, "games.pdn", seed=7, games_per_task=1_000)

The functions that run on the workers (:func:`perft_task`, :func:`selfplay_task`) take and
return plain values (strings and integers), so nothing but this package needs to be
installed on the workers. Dask is imported by none of this module's code: the ``client``
argument is whatever :class:`dask.distributed.Client` (or any object with its ``map`` and
``gather``) you pass.
"""

from __future__ import annotations

import operator
from collections import Counter
from typing import IO, Any, List, Optional, Tuple, Union

from . import MAX_PERFT_DEPTH, Board, positions_at
from . import perft as _perft
from . import selfplay as _selfplay

__all__ = ["perft", "perft_task", "perft_tasks", "selfplay", "selfplay_task", "selfplay_tasks"]

#: A perft task: (FEN, rules, remaining depth).
PerftTask = Tuple[str, str, int]
#: A self-play task: (first game, number of games, seed, rules, max_plies, no_progress).
SelfplayTask = Tuple[int, int, int, str, int, Optional[int]]


def _check_perft(board: Board, depth: int) -> None:
    """Refuses what :func:`turkish_draughts.perft` refuses, with its errors, before any work."""
    d = operator.index(depth)
    # A depth in range is replaced by 0: the board alone is then checked, at no cost.
    _perft(board, d if d < 0 or d > MAX_PERFT_DEPTH else 0)


def perft_tasks(board: Board, depth: int, split: int) -> List[Tuple[PerftTask, int]]:
    """The tasks of ``perft(board, depth)`` split ``split`` plies below the root, each with
    the number of paths that lead to it: ``sum(count * perft_task(t))`` is the perft.
    ``board`` and ``depth`` are checked as :func:`turkish_draughts.perft` checks them (the
    same errors), then ``split``."""
    _check_perft(board, depth)
    if not 0 <= split <= depth:
        raise ValueError(f"split={split} must be between 0 and depth={depth}")
    counts = Counter(positions_at(board, split))
    return [((fen, board.rules, depth - split), n) for fen, n in counts.items()]


def perft_task(task: PerftTask) -> int:
    """Runs one perft task on a worker (one thread)."""
    fen, rules, depth = task
    return _perft(Board(fen, rules), depth)


def perft(client: Any, board: Board, depth: int, split: Optional[int] = None) -> int:
    """``perft(board, depth)`` with the subtrees ``split`` plies below the root run as
    separate tasks on the client's workers. ``split`` defaults to 2 below depth 8 and 3 from
    depth 8 on (708 tasks or fewer from the start position at 3: positions that paths share
    are run once). The arguments are checked as :func:`turkish_draughts.perft` checks them
    (the same errors) before any task is sent."""
    _check_perft(board, depth)
    if split is None:
        split = min(depth, 2 if depth < 8 else 3)
    tasks = perft_tasks(board, depth, split)
    futures = client.map(perft_task, [t for t, _ in tasks], pure=True)
    results = client.gather(futures)
    return sum(n * r for (_, n), r in zip(tasks, results))


def selfplay_tasks(
    games: int,
    games_per_task: int,
    seed: int = 0,
    rules: str = "default",
    max_plies: int = 400,
    no_progress: Optional[int] = 60,
) -> List[SelfplayTask]:
    """The tasks of a self-play batch of ``games`` games, ``games_per_task`` each. The
    arguments are checked as :func:`turkish_draughts.selfplay` checks them (the same errors),
    before any task is made."""
    # A batch of no game checks every argument with the errors of the call on one machine.
    _selfplay(
        0, rules=rules, seed=seed, first=0, max_plies=max_plies, no_progress=no_progress
    )
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games={games!r} must be a number of games, 0 or more")
    if games_per_task < 1:
        raise ValueError("games_per_task must be at least 1")
    return [
        (first, min(games_per_task, games - first), seed, rules, max_plies, no_progress)
        for first in range(0, games, games_per_task)
    ]


def selfplay_task(task: SelfplayTask) -> str:
    """Runs one self-play task on a worker: the PDN text of its games."""
    first, n, seed, rules, max_plies, no_progress = task
    return _selfplay(
        n, rules=rules, seed=seed, first=first, max_plies=max_plies, no_progress=no_progress
    )


def selfplay(
    client: Any,
    games: int,
    dest: Union[str, IO[str], None] = None,
    *,
    seed: int = 0,
    rules: str = "default",
    games_per_task: int = 100,
    max_plies: int = 400,
    no_progress: Optional[int] = 60,
) -> Optional[str]:
    """Plays a batch of random self-play games on the client's workers and writes them as
    one PDN text, in game order, to ``dest`` (a path, replaced, or a text file object), or
    returns the text when ``dest`` is ``None``. The text is the one
    ``turkish_draughts.selfplay(games, seed=seed, ...)`` gives on one machine."""
    tasks = selfplay_tasks(games, games_per_task, seed, rules, max_plies, no_progress)
    futures = client.map(selfplay_task, tasks, pure=True)
    if dest is None:
        return "\n".join(client.gather(futures))
    if hasattr(dest, "write"):
        _write_in_order(client, futures, dest)  # type: ignore[arg-type]
    else:
        with open(dest, "w", encoding="utf-8", newline="\n") as f:  # type: ignore[arg-type]
            _write_in_order(client, futures, f)
    return None


def _write_in_order(client: Any, futures: List[Any], f: IO[str]) -> None:
    """Writes the tasks' texts in task order, each as soon as it and those before it are
    done, so the whole batch is never held at once."""
    for i, future in enumerate(futures):
        text = client.gather(future)
        if i:
            f.write("\n")
        f.write(text)
        future.release()
