"""Operations endpoints: ``/healthz`` (liveness), ``/readyz`` (readiness), ``/metrics`` (Prometheus).

A load balancer or orchestrator polls the first two: ``/healthz`` answers as
long as the process serves requests (it touches nothing else), ``/readyz``
only when Redis answers a ``PING`` on a new connection (it still takes new
clients) and the job queue answers one (503 otherwise, so traffic goes
elsewhere until they are back). ``/metrics`` is Prometheus's text format
(``events.commands.metrics``; docs/operations.md lists the names).
"""
from __future__ import annotations

from flask import Response, current_app, jsonify, request
from prometheus_client.exposition import choose_encoder
from redis.exceptions import RedisError

from events.commands import metrics
from events.games import schema as S
from service.http.errors import Blueprint, Endpoint
from service.http.streams import pool_connections

blp = Blueprint("operations", __name__, description="Liveness, readiness and metrics, for operators and probes.")

HEALTH = S.obj("The process answers.", {"status": S.string("Always 'ok'.", enum=["ok"])})
CHECK = S.obj("One dependency's answer.", {
    "ok": S.boolean("Whether it answered a PING."),
    "message": S.string("'ok', or one sentence on what failed.")})
READINESS = S.obj("Whether this process can serve games: Redis (the event log) and the job queue answer.", {
    "status": S.string("'ready' (200) or 'unavailable' (503).", enum=["ready", "unavailable"]),
    "checks": S.obj("Each dependency's answer.", {"store": CHECK, "queue": CHECK})})
#: The components this module adds to the spec.
COMPONENTS = {"Health": HEALTH, "Readiness": READINESS}


def _json(name: str) -> dict:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}


@blp.route("/healthz")
class Health(Endpoint):
    """Liveness."""

    @blp.doc(operationId="getHealth", security=[], responses={"200": {"description": "The process serves requests.", "content": _json("Health")}})
    def get(self):
        """Liveness: 200 while the process answers requests; touches neither Redis nor the queue."""
        return jsonify({"status": "ok"})


def _ping_new(client) -> dict:
    """``{"ok", "message"}`` of a PING over a *new* connection to ``client``'s Redis (closed at
    once): a server that keeps its pooled connections but takes no new client (its
    ``maxclients`` reached) is not ready for the clients still to come. A cluster client (no
    single pool) is pinged through its own connections."""
    pool = getattr(client, "connection_pool", None)
    if pool is None:
        return _ping(client)
    try:
        conn = pool.connection_class(**pool.connection_kwargs)
        try:
            conn.connect()
            conn.send_command("PING")
            conn.read_response()
        finally:
            conn.disconnect()
    except (RedisError, OSError) as exc:
        return {"ok": False, "message": f"It takes no new connection ({type(exc).__name__}: {str(exc)[:120]})."}
    return {"ok": True, "message": "ok"}


def _ping(client) -> dict:
    """``{"ok", "message"}`` of a PING to ``client``."""
    try:
        client.ping()
    except (RedisError, OSError) as exc:
        return {"ok": False, "message": f"It does not answer ({type(exc).__name__})."}
    return {"ok": True, "message": "ok"}


@blp.route("/readyz")
class Ready(Endpoint):
    """Readiness."""

    @blp.doc(operationId="getReadiness", security=[], responses={
        "200": {"description": "Redis and the job queue answer.", "content": _json("Readiness")},
        "503": {"description": "Redis or the job queue does not answer (see checks); retry later.",
                "content": _json("Readiness")}})
    def get(self):
        """Readiness: 200 when Redis (the event log) and the job queue answer a PING, else 503."""
        # The store's PING goes over a new connection: a Redis at its maxclients is not ready.
        services = current_app.extensions["stranded"]
        checks = {"store": _ping_new(services.store.redis), "queue": _ping(services.dispatcher.queue.connection)}
        ready = all(check["ok"] for check in checks.values())
        response = jsonify({"status": "ready" if ready else "unavailable", "checks": checks})
        if not ready:
            response.status_code = 503
            response.headers["Retry-After"] = "5"
        return response


@blp.route("/metrics")
class Metrics(Endpoint):
    """Prometheus metrics."""

    @blp.doc(operationId="getMetrics", security=[], responses={"200": {
        "description": "Prometheus text exposition format: the metrics of docs/operations.md (every API process's "
                       "when PROMETHEUS_MULTIPROC_DIR is set).",
        "content": {"text/plain": {"schema": {"type": "string"}}}}})
    def get(self):
        """Prometheus metrics of the API: commands, latency, conflicts, replays, open streams, requests
        (the format the scraper's Accept header asks for: Prometheus text, or OpenMetrics)."""
        hub = current_app.extensions.get("stranded_streams")
        if hub is not None:
            metrics.REDIS_CONNECTIONS.labels("requests").set(pool_connections(hub.store.redis))
            metrics.REDIS_CONNECTIONS.labels("feeds").set(
                pool_connections(hub.feeds_redis) if hub.feeds_redis is not hub.store.redis else 0)
            texts = hub.store.texts
            metrics.REDIS_CONNECTIONS.labels("whole_reads").set(pool_connections(texts) if texts is not None else 0)
            metrics.STREAM_GAMES.set(hub.watched())
        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        return Response(encode(metrics.registry()), headers={"Content-Type": content_type})
