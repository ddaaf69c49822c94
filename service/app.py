"""The Flask application factory."""
from __future__ import annotations

import orjson
from flask import Flask
from flask.json.provider import DefaultJSONProvider

from events.connection import connect
from events.dispatch import Dispatcher
from events.store import EventStore
from service import errors
from service.handlers import Services
from service.openapi import add_command_schemas

API_CONFIG = {
    "API_TITLE": "Stranded",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": "https://cdn.jsdelivr.net/npm/swagger-ui-dist/",
    "API_SPEC_OPTIONS": {
        "info": {"description": "An event-sourced server for turn-based survival tabletop games."},
        "components": {"securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}}},
    },
}


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON through orjson: the same JSON, several times faster."""

    def dumps(self, obj, **kwargs) -> str:
        """Serialise ``obj`` (keys sorted, as Flask's default does)."""
        return orjson.dumps(obj, default=self.default, option=orjson.OPT_SORT_KEYS).decode()

    def loads(self, s, **kwargs):
        """Parse JSON text or bytes; raises ``ValueError`` on malformed input."""
        return orjson.loads(s)


def create_app(redis=None, prefix: str = "stranded", config: dict | None = None) -> Flask:
    """Build the API.

    Args:
        redis: a redis-py client; default: ``events.connection.connect()``
            (``REDIS_URL``).
        prefix: key prefix of every key the server writes.
        config: extra Flask config.
    """
    app = Flask("stranded")
    app.json = OrjsonProvider(app)
    app.config.update(API_CONFIG)
    app.config.update(config or {})
    redis = redis if redis is not None else connect()
    app.extensions["stranded"] = Services(EventStore(redis, prefix), Dispatcher(redis, prefix))
    from service.routes import blp

    api = errors.StrandedApi(app)
    api.register_blueprint(blp)
    add_command_schemas(api.spec)
    errors.register(app)
    app.extensions["stranded_api"] = api
    from service.client import blp as web_client  # the web client's static files at / and /web/
    app.register_blueprint(web_client)
    return app
