"""The HTTP API (Flask + flask-smorest) and the ``stranded`` command line."""
from service.app import create_app  # noqa: F401
