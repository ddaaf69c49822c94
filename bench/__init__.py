"""The Stranded benchmark (``python bench/run.py``); see ``bench/README.md``."""
