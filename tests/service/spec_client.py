"""A Flask test client that holds every JSON response to the generated OpenAPI spec.

Each response is matched to its operation (path template, method, status)
and its body validated with a JSON Schema 2020-12 validator against the
schema the spec documents for it, components resolved from the spec itself.
A response the spec does not document, or one that does not fit, fails.
"""
from __future__ import annotations

import re
from collections import Counter

from jsonschema import Draft202012Validator, FormatChecker, validators
from jsonschema._keywords import oneOf as _json_schema_one_of
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.http.openapi import spec_dict

SPEC_URI = "urn:stranded:openapi"


def _one_of(validator, one_of, instance, schema):
    """``oneOf`` as OpenAPI reads it: with a ``discriminator`` whose mapping names the
    instance's value, validate against that schema alone (else plain ``oneOf``)."""
    discriminator = schema.get("discriminator")
    if discriminator and isinstance(instance, dict):
        target = discriminator.get("mapping", {}).get(instance.get(discriminator["propertyName"]))
        if target is not None:
            yield from validator.descend(instance, {"$ref": target})
            return
    yield from _json_schema_one_of(validator, one_of, instance, schema)


OpenApiValidator = validators.extend(Draft202012Validator, {"oneOf": _one_of})


class SpecChecker:
    """Validates bodies against components or against the responses of operations of ``spec``."""

    def __init__(self, spec: dict):
        self.spec = spec
        self.registry = Registry().with_resource(SPEC_URI, Resource(contents=spec, specification=DRAFT202012))
        self.validators: dict[str, Draft202012Validator] = {}
        self.routes = [(re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"), path)
                       for path in spec["paths"]]
        self.checked: Counter[str] = Counter()

    def validator(self, pointer: str):
        """The validator of the schema at ``pointer`` (a JSON pointer into the spec)."""
        if pointer not in self.validators:
            self.validators[pointer] = OpenApiValidator({"$ref": f"{SPEC_URI}#{pointer}"},
                                                            registry=self.registry, format_checker=FormatChecker())
        return self.validators[pointer]

    def check_component(self, name: str, value, what: str = "") -> None:
        """Fail unless ``value`` fits the component ``name``."""
        self._check(self.validator(f"/components/schemas/{name}"), value, what or name)
        self.checked[name] += 1

    def check_response(self, method: str, path: str, status: int, body) -> None:
        """Fail unless ``body`` fits what the spec documents for ``method path`` answering ``status``."""
        template = next((t for pattern, t in self.routes if pattern.match(path)), None)
        assert template is not None, f"{path} is not in the spec"
        operation = self.spec["paths"][template].get(method.lower())
        assert operation is not None, f"{method} {template} is not in the spec"
        response = operation["responses"].get(str(status))
        assert response is not None, f"{method} {template} does not document a {status}"
        media = response["content"].get("application/json") or response["content"]["application/problem+json"]
        pointer = media["schema"]["$ref"].removeprefix("#")
        self._check(self.validator(pointer), body, f"{method} {path} {status}")
        self.checked[f"{method} {template} {status}"] += 1

    @staticmethod
    def _check(validator, value, what: str) -> None:
        errors = sorted(validator.iter_errors(value), key=lambda e: len(list(e.absolute_path)))
        if errors:
            best = errors[0]
            path = "/".join(str(p) for p in best.absolute_path)
            raise AssertionError(f"{what} does not fit the spec at '{path}': {best.message[:500]}")


class ValidatingClient:
    """Wraps a Flask test client: every JSON response it returns has been checked against the spec."""

    def __init__(self, client, checker: SpecChecker):
        self.client, self.checker = client, checker

    def open(self, method: str, path: str, **kwargs):
        """Send a request; validate a JSON response; return the response."""
        resp = self.client.open(path, method=method, **kwargs)
        if resp.mimetype in ("application/json", "application/problem+json"):
            self.checker.check_response(method, path.split("?")[0], resp.status_code, resp.get_json())
        return resp

    def get(self, path: str, **kwargs):
        """``GET path``."""
        return self.open("GET", path, **kwargs)

    def post(self, path: str, **kwargs):
        """``POST path``."""
        return self.open("POST", path, **kwargs)


def checker_for(app) -> SpecChecker:
    """A :class:`SpecChecker` of the spec ``app`` generates."""
    return SpecChecker(spec_dict(app))
