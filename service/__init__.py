"""The HTTP API (Flask + flask-smorest) and the ``stranded`` command line.

``service.http.app.create_app`` builds the app; nothing is imported here, so the command line
(``service.cli.commands``) starts without loading the app.
"""
