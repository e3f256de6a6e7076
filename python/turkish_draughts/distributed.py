"""Perft, self-play and endgame tables past one machine, on Dask (needs the ``distributed``
extra: ``pip install "./python[distributed]"``).

The work that outgrows a machine here is deep perft, self-play at scale and the endgame
tables of six pieces. Each splits into tasks that :class:`dask.distributed.Client` runs on
its workers:

* **Perft** splits exactly below the root: ``perft(board, split + d)`` is the sum of
  ``perft(position, d)`` over the positions ``split`` plies down, one per path
  (:func:`turkish_draughts.positions_at`). Paths that meet give the same task; it is run
  once and counted as often as it occurs.
* **Self-play** splits by game: game ``i`` of a batch depends only on the seed and ``i``, so
  chunks of games run anywhere and their PDN texts, joined in order, are the text that
  :func:`turkish_draughts.selfplay` would give for the whole batch.
* **Endgame tables** split by slice (:func:`turkish_draughts.tablebase_plan`): a material
  and its colour swap, whose tables depend only on the tables of its inputs (the slices its
  captures and crownings lead to). :func:`build_tablebase` submits one task a slice,
  given its inputs' tasks, so that Dask runs every slice whose inputs are built, on any
  free worker; the files are byte for byte those of
  :func:`turkish_draughts.build_tablebase` on one machine.

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

The tables on a cluster::

    client = Client("tcp://SCHEDULER:8786")
    report = build_tablebase(client, 6, "default", "/shared/tables", threads=2)
    print(report["built"], report["seconds"])

The tables' **directory** must be one directory that every worker (and the caller) sees at
the same path: a network file system (NFS, CephFS, Lustre) or a bucket mounted on every
machine (for example with a FUSE mount) that supports renaming a file within the
directory, atomically. A task reads its inputs' files there (``NAME.RULES.wdl`` and
``NAME.RULES.dtw`` of each input material) and writes its own under a temporary name (of
its process and moment) renamed when complete, so a reader never sees half a file and a
slice whose worker was lost is built again from scratch; a slice whose files are there and
valid is skipped, so a build stopped half way is started again with the same call. Each
worker needs the memory of the largest slice it may take (``tablebase_plan``'s
``memory``: four bytes an index entry solved, a byte an entry read and 64 MiB): start each
worker with its memory as a resource (``--resources "MEMORY=16e9"``: every 6-piece slice
fits 16 GB) and pass
``memory_resource="MEMORY"``, so that a slice goes only to a worker it fits; give the builder
the machine's cores (``threads=``). ``tablebase plan --pieces 6 --workers W`` (the crate's
example) prints the whole plan with the estimated time; the repository's
docs/tablebase-cluster.md has it for six pieces.

The functions that run on the workers (:func:`perft_task`, :func:`selfplay_task`,
:func:`build_slice_task`) take and return plain values (strings and integers), so nothing
but this package needs to be installed on the workers. Dask is imported by none of this module's code: the ``client``
argument is whatever :class:`dask.distributed.Client` (or any object with its ``map`` and
``gather``) you pass.
"""

from __future__ import annotations

import operator
import os
import time
from collections import Counter
from typing import IO, Any, Dict, List, Optional, Tuple, Union

from . import (
    MAX_PERFT_DEPTH,
    Board,
    TablebaseError,
    build_tablebase_slice,
    positions_at,
    tablebase_plan,
    verify_tablebase_slice,
)
from . import perft as _perft
from . import selfplay as _selfplay

__all__ = [
    "build_slice_task",
    "build_tablebase",
    "perft",
    "perft_task",
    "perft_tasks",
    "selfplay",
    "selfplay_task",
    "selfplay_tasks",
]

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


#: The test hook of :func:`build_slice_task`: a file of this name, plus ``.`` and the
#: slice's name, in the tables' directory makes the next task of that slice fail once.
FAIL_ONCE_MARKER = "fail-once"


def build_slice_task(
    directory: str,
    name: str,
    rules: str,
    threads: int,
    split_above: Optional[int],
    *inputs: Any,
    verify: bool = False,
) -> Tuple[str, bool, int]:
    """Builds one slice on a worker (:func:`turkish_draughts.build_tablebase_slice`) and
    returns its name, whether it was built (``False``: its files were there) and the
    positions verified. ``inputs`` are the results of its inputs' tasks, passed only so
    that Dask runs it after them.

    With ``verify``, the slice is then checked on the same worker
    (:func:`turkish_draughts.verify_tablebase_slice`); a mismatch raises
    :class:`turkish_draughts.TablebaseError` naming the slice and the first position.

    Test hook: when the directory holds a file ``fail-once.NAME`` (``NAME`` the slice's
    name), the task that finds it removes it and fails: it raises :class:`RuntimeError`,
    or, when the file says ``exit``, ends its worker's process at once (a lost worker).
    Either way the build goes on, the slice retried by Dask."""
    del inputs
    marker = os.path.join(directory, f"{FAIL_ONCE_MARKER}.{name}")
    try:
        with open(marker, encoding="utf-8") as f:
            how = f.read().strip()
        os.remove(marker)
    except OSError:
        pass
    else:
        if how == "exit":
            os._exit(70)
        raise RuntimeError(f"slice {name}: failed once by the test hook {marker}")
    built = build_tablebase_slice(
        directory, name, rules, threads=threads, split_above=split_above
    )
    verified = 0
    if verify:
        report = verify_tablebase_slice(
            directory, name, rules, threads=threads, split_above=split_above
        )
        if report["mismatch_count"]:
            raise TablebaseError(
                f"slice {name}: {report['mismatch_count']} of {report['positions']} "
                f"positions disagree with their moves, the first {report['mismatches'][0]}"
            )
        verified = report["positions"]
    return name, built, verified


def build_tablebase(
    client: Any,
    pieces: int,
    rules: str,
    directory: Union[str, "os.PathLike[str]"],
    *,
    threads: int = 0,
    retries: int = 3,
    memory_resource: Optional[str] = None,
    split_above: Optional[int] = None,
    verify: bool = False,
) -> Dict[str, Any]:
    """Builds every table of 2 to ``pieces`` pieces under ``rules`` into ``directory`` (a
    directory every worker sees at this same path) on the client's workers: one task a
    slice, each given its inputs' tasks, so that every slice whose inputs are built runs on
    any free worker. A task that fails (an error, or its worker lost) is run again, up to
    ``retries`` times; slices already in the directory are skipped. ``threads`` is each
    task's builder threads (0: every core of its worker's machine).

    ``memory_resource`` names a Dask worker resource counted in bytes: each task then asks
    for its slice's estimated peak memory of it, so a slice runs only on a worker started
    with enough (``dask worker ... --resources "MEMORY=256e9"``), and a worker runs no more
    slices at once than its memory holds.

    ``split_above`` solves a pair of materials with men of more index entries than that a
    rank slice at a time (the slices of its men's ranks, most advanced first, then an
    assembly that writes its tables): more, smaller tasks, the same files. By default, as
    the crate's builder: 2**30, which splits only tables of six pieces.

    ``verify`` checks each slice that solves positions on the worker that built it, after
    building it (or finding it there), as :func:`turkish_draughts.verify_tablebase_slice`
    does: every stored value derived again from its position's children's. A slice that
    disagrees fails its task with :class:`turkish_draughts.TablebaseError`, again at each
    retry, and the error reaches the caller. An assembly is not checked again: it puts
    together its rank slices' values, checked by their tasks.

    Returns a report: ``built`` and ``present`` (slice names, in plan order; a slice whose
    result was lost with its worker after it was built is run again and shows as present),
    ``verified`` (positions checked, 0 without ``verify``),
    ``slices`` and ``positions`` (index entries) of the plan (each entry once: an assembly's
    entries are its rank slices'), ``seconds`` (wall time of the call). The arguments are checked (:func:`turkish_draughts.tablebase_plan`'s errors)
    before any task is sent."""
    plan = tablebase_plan(pieces, rules, split_above=split_above)
    directory = os.fspath(directory)
    os.makedirs(directory, exist_ok=True)
    start = time.perf_counter()
    futures: Dict[str, Any] = {}
    for s in plan:
        futures[s["name"]] = client.submit(
            build_slice_task,
            directory,
            s["name"],
            rules,
            threads,
            split_above,
            *[futures[i] for i in s["inputs"]],
            # An assembly puts together values its rank slices' tasks checked.
            verify=verify and s["kind"] != "assembly",
            pure=False,
            retries=retries,
            resources=None if memory_resource is None else {memory_resource: s["memory"]},
        )
    results = client.gather([futures[s["name"]] for s in plan])
    return {
        "built": [n for n, built, _ in results if built],
        "present": [n for n, built, _ in results if not built],
        "verified": sum(v for _, _, v in results),
        "slices": len(plan),
        "positions": sum(s["positions"] for s in plan if s["kind"] != "assembly"),
        "seconds": time.perf_counter() - start,
    }
