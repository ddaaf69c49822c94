"""The checked-in ``openapi.yaml`` is the spec the code generates, and a valid one."""
from pathlib import Path

import redis
import yaml
from openapi_spec_validator import validate

from service.http.app import create_app
from service.http.openapi import spec_yaml

ROOT = Path(__file__).resolve().parents[2]


def test_checked_in_openapi_matches_the_generated_spec():
    generated = yaml.safe_load(spec_yaml(create_app(redis.Redis())))
    checked_in = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    assert checked_in == generated, "openapi.yaml is stale: run `stranded openapi`"


def test_spec_is_valid_openapi_and_documents_every_endpoint_and_command():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    validate(spec)
    paths = set(spec["paths"])
    for path in ("/v1/rulesets", "/v1/games", "/v1/games/{game_id}", "/v1/games/{game_id}/view",
                 "/v1/games/{game_id}/legal-commands", "/v1/games/{game_id}/commands",
                 "/v1/games/{game_id}/events", "/v1/games/{game_id}/stream",
                 "/v1/games/{game_id}/seats/{seat}/join"):
        assert path in paths
    assert "SelfishSpacePlayAction" in spec["components"]["schemas"]
