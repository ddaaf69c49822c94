import pytest

from service.http.app import create_app


@pytest.fixture
def redis_conn(redis_backend):
    return redis_backend


@pytest.fixture
def app(redis_conn):
    return create_app(redis_conn)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def store(app):
    return app.extensions["stranded"].store
