"""The worker with its Prometheus metrics: ``stranded worker --metrics-port N``
(``python -m workers.metered --metrics-port N [worker options]``).

It serves ``/metrics`` on port ``N`` (prometheus-client's own HTTP server, in
a thread) and runs the worker of ``workers.main`` with :class:`MeteredWorker`,
which counts each job once it is over (``stranded_jobs_total`` by job and
status). The count is taken in the worker process itself, after the forked
work-horse that ran the job has exited (a horse's own counters die with it),
from the status RQ stored for the job. The reconciler's repairs are counted
where it runs, in this process (``stranded_reconciler_repairs_total``).
"""
from __future__ import annotations

import click
from prometheus_client import start_http_server
from rq import SimpleWorker, Worker
from rq.exceptions import InvalidJobOperation

from events.commands import metrics

#: The job label of each job function; any other function counts as ``other``.
JOB_NAMES = {"workers.jobs.play_bots": "bots", "workers.jobs.deadline": "deadline"}


def count_job(job) -> None:
    """Count ``job`` (an ``rq.job.Job`` that has run) in ``stranded_jobs_total`` by its kind and the
    status RQ stored for it (``finished``, ``failed``...; ``unknown`` when Redis cannot say). A job
    whose record is gone once it ran finished with nothing to keep (``result_ttl=0``,
    ``events.commands.dispatch.JOB_OPTIONS``): RQ deletes only a finished job's record, and reads a
    missing one the same way after its work-horse exits."""
    try:
        status = job.get_status(refresh=True)
    except InvalidJobOperation:
        status = "finished"
    except Exception:  # noqa: BLE001 - Redis away: still counted as run
        status = None
    label = getattr(status, "value", status) or "unknown"
    metrics.JOBS.labels(JOB_NAMES.get(job.func_name, "other"), str(label)).inc()


class MeteredMixin:
    """Counts every job the worker executes (:func:`count_job`), in the worker's own process."""

    def execute_job(self, job, queue):
        """Run ``job`` as the base worker does, then count it."""
        try:
            return super().execute_job(job, queue)
        finally:
            count_job(job)


class MeteredWorker(MeteredMixin, Worker):
    """RQ's forking worker, counting jobs."""


class MeteredSimpleWorker(MeteredMixin, SimpleWorker):
    """RQ's in-process worker (tests, burst runs), counting jobs."""


def serve_metrics(port: int, address: str = "0.0.0.0"):
    """Serve this process's metrics at ``http://address:port/metrics`` from a daemon thread;
    returns the server (``server.server_address[1]``: the port, the one chosen when ``port`` is 0)."""
    server, _ = start_http_server(port, addr=address, registry=metrics.registry())
    return server


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.option("--metrics-port", type=click.IntRange(0, 65535), required=True,
              help="Serve Prometheus metrics on this port (/metrics).")
@click.option("--metrics-address", default="0.0.0.0", show_default=True, help="Address the metrics server binds.")
@click.pass_context
def main(ctx, metrics_port, metrics_address):
    """Run the worker of ``workers.main`` (every other option is its own) with metrics."""
    from workers import main as worker_main

    serve_metrics(metrics_port, metrics_address)
    worker_main.Worker = MeteredWorker                  # the worker loop builds this class
    worker_main.main(args=ctx.args)


if __name__ == "__main__":
    main()
