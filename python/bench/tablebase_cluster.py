"""Endgame tables on a two-worker Dask LocalCluster, timed, with the workers' memory.

    python python/bench/tablebase_cluster.py DIR [RULES [PIECES]]

Builds every table of 2 to PIECES pieces (5 by default) under RULES ("default" by default)
into DIR with :func:`turkish_draughts.distributed.build_tablebase` on a
``LocalCluster(n_workers=2, threads_per_worker=1, memory_limit=0)``, each slice's builder on
one thread, and prints one JSON line: the slices built, the wall time, the workers' CPU
time and their peak resident memory (summed over both workers, and the larger of the two;
sampled every half second with psutil, which the ``distributed`` extra installs). It also
writes DIR/../dask-tasks.json: each task's worker and its start and stop times. Wrap it in
``/usr/bin/time -v`` for the whole process tree's CPU time. Needs the ``distributed``
extra (``pip install "./python[distributed]"``).
"""

import json
import os
import sys
import threading

import psutil
from dask.distributed import Client, LocalCluster, get_task_stream

from turkish_draughts.distributed import build_tablebase


def sample(pids, peak, done):
    """Records the largest summed and single resident size of `pids` until `done` is set."""
    while not done.is_set():
        total = 0
        for pid in pids:
            try:
                rss = psutil.Process(pid).memory_info().rss
            except psutil.Error:
                continue
            total += rss
            peak["one"] = max(peak["one"], rss)
        peak["sum"] = max(peak["sum"], total)
        done.wait(0.5)


def main():
    directory = sys.argv[1]
    rules = sys.argv[2] if len(sys.argv) > 2 else "default"
    pieces = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    os.makedirs(directory, exist_ok=True)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, memory_limit=0, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        pids = list(client.run(os.getpid).values())
        peak = {"sum": 0, "one": 0}
        done = threading.Event()
        sampler = threading.Thread(target=sample, args=(pids, peak, done), daemon=True)
        sampler.start()
        before = {p: psutil.Process(p).cpu_times() for p in pids}
        with get_task_stream(client) as stream:
            report = build_tablebase(client, pieces, rules, directory, threads=1)
        after = {p: psutil.Process(p).cpu_times() for p in pids}
        done.set()
        sampler.join()
        tasks = [
            {
                "key": str(t["key"]),
                "worker": t["worker"],
                "startstops": [(x["action"], x["start"], x["stop"]) for x in t["startstops"]],
            }
            for t in stream.data
        ]
        with open(os.path.join(directory, "..", "dask-tasks.json"), "w") as f:
            json.dump(tasks, f)
        print(
            json.dumps(
                {
                    "built": len(report["built"]),
                    "present": len(report["present"]),
                    "slices": report["slices"],
                    "positions": report["positions"],
                    "seconds": round(report["seconds"], 1),
                    "workers_user_s": round(sum(after[p].user - before[p].user for p in pids), 1),
                    "workers_system_s": round(
                        sum(after[p].system - before[p].system for p in pids), 1
                    ),
                    "peak_rss_sum_GB": round(peak["sum"] / 1e9, 2),
                    "peak_rss_one_worker_GB": round(peak["one"] / 1e9, 2),
                }
            )
        )


if __name__ == "__main__":
    main()
