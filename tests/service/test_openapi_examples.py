"""Every operation of the spec has an example of its request body and of each success answer, each one
recorded from a real game (``service.http.examples``) and each one fitting its schema."""
from pathlib import Path

import fakeredis
import pytest
import yaml

from service.http.examples import EXAMPLES_FILE, load, record
from tests.service.spec_client import SpecChecker

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
OPERATIONS = [(path, method, op) for path, item in SPEC["paths"].items() for method, op in item.items()
              if isinstance(op, dict) and "responses" in op]


def media_types(operation: dict):
    """``(where, media type)`` of the operation's request body and of each success answer with a body."""
    for kind, media in operation.get("requestBody", {}).get("content", {}).items():
        yield f"request {kind}", media
    for status, response in operation["responses"].items():
        if status.startswith("2"):
            for kind, media in response.get("content", {}).items():
                yield f"{status} {kind}", media


def test_the_checked_in_examples_are_what_a_real_game_records_now():
    recorded = record(fakeredis.FakeRedis(server=fakeredis.FakeServer(), decode_responses=False))
    assert recorded == load(), f"{EXAMPLES_FILE.name} is stale: run `python -m service.http.examples`, " \
                               "then `stranded openapi`"


@pytest.mark.parametrize("path,method,operation", OPERATIONS, ids=[op["operationId"] for *_, op in OPERATIONS])
def test_every_request_and_success_answer_has_an_example_that_fits_its_schema(path, method, operation):
    checker = SpecChecker(SPEC)
    found = list(media_types(operation))
    assert found, f"{method} {path} documents no body"
    for where, media in found:
        examples = media.get("examples")
        assert examples, f"{operation['operationId']}: no example for the {where}"
        for name, example in examples.items():
            schema = media["schema"]
            pointer = schema["$ref"].removeprefix("#") if "$ref" in schema else None
            if pointer is None:                      # an inline schema (text: the stream, the metrics)
                assert isinstance(example["value"], str) and schema.get("type") == "string", where
                continue
            checker._check(checker.validator(pointer), example["value"], f"{operation['operationId']} {where}")


def test_the_examples_show_each_seat_only_what_it_may_see():
    examples = load()
    view = examples["getView"]["responses"]["200"]
    assert view["seat"] == 0 and "hand" in view["view"]
    dealt = examples["getEvents"]["responses"]["200"]["events"]
    started = next(event for event in dealt if event["type"] == "GameStarted")
    assert started["data"]["hands"][1:] == [None, None], "another seat's opening hand in Ann's log"


MAIN_OPERATIONS = ("createGame", "getGame", "getView", "sendCommand", "joinSeat", "joinFirstOpenSeat", "leaveSeat",
                   "resignSeat", "cancelGame", "rematchGame", "getRecord")


def test_the_main_operations_show_an_error_answer_that_fits_the_problem_schema():
    # given the spec's operations by id
    operations = {op["operationId"]: op for *_, op in OPERATIONS}
    checker = SpecChecker(SPEC)
    for name in MAIN_OPERATIONS:
        # then each main operation has at least one error answer with an example
        errors = {status: response for status, response in operations[name]["responses"].items()
                  if status[0] in "45" and response.get("content", {}).get("application/problem+json", {})
                  .get("examples")}
        assert errors, f"{name}: no example of an error answer"
        for status, response in errors.items():
            # and each is problem+json of its own status, with a stable code and a sentence
            for example in response["content"]["application/problem+json"]["examples"].values():
                value = example["value"]
                checker._check(checker.validator("/components/schemas/Problem"), value, f"{name} {status}")
                assert value["status"] == int(status) and value["code"] and value["detail"].endswith(".")
                assert value["type"] == f"urn:stranded:problem:{value['code']}"
