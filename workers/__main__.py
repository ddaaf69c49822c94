"""``python -m workers``: an RQ worker with its scheduler and the reconciler (see ``workers.main``)."""
from workers.main import main

main()
