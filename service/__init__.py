"""The HTTP API (Flask + flask-smorest) and the ``stranded`` command line.

``service.app.create_app`` builds the app; nothing is imported here, so the command line
(``service.cli``) starts without loading the app.
"""
