"""A `stranded serve` worker tunes its garbage collector once its app is loaded (service.cli.serving.tune_gc)."""
from __future__ import annotations

import gc

from service.cli.serving import GC_YOUNG_THRESHOLD, gunicorn_settings, tune_gc


def test_a_served_worker_tunes_its_collector_after_loading_the_app():
    assert gunicorn_settings("127.0.0.1", 8000)["post_worker_init"] is tune_gc


def test_tuning_freezes_the_startup_heap_and_collects_young_objects_less_often():
    # given the collector as the test process runs it
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        # when a worker tunes it
        tune_gc()
        # then what was alive is out of the collector's scans, and the youngest generation waits longer
        assert gc.get_freeze_count() > frozen + 1000
        assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD > threshold[0]
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
