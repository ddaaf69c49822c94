"""The HTTP API (Flask + flask-smorest), its streams, limits and observation, and the web client's files."""
