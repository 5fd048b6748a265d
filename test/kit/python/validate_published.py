"""Validates JSON documents against the published JSON Schemas with Python's jsonschema.

usage: python3 validate_published.py SCHEMAS_DIR CASES.json

CASES.json is a list of {"label", "schema" (a type name), "instance"}. Prints one JSON object
mapping each label to whether the instance is valid. Every document of SCHEMAS_DIR is registered
under its $id, so the relative $refs between them resolve offline.
"""

import json
import os
import sys
import warnings
from decimal import Decimal

import jsonschema


def load_documents(directory):
    docs = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                doc = json.load(f)
            docs[name[: -len(".json")]] = doc
    return docs


def validator_for(docs, root):
    cls = jsonschema.Draft202012Validator
    try:
        # jsonschema 4.18 and later: the referencing library.
        from referencing import Registry, Resource

        registry = Registry().with_resources(
            (doc["$id"], Resource.from_contents(doc)) for doc in docs.values()
        )
        return cls(root, registry=registry, format_checker=cls.FORMAT_CHECKER)
    except ImportError:
        # Older releases (Debian's 4.10): a resolver with a store keyed by $id.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            store = {doc["$id"]: doc for doc in docs.values()}
            resolver = jsonschema.RefResolver.from_schema(root, store=store)
            return cls(root, resolver=resolver, format_checker=cls.FORMAT_CHECKER)


def exact_number(text):
    """A JSON number written with a fraction or an exponent: the exact integer it is when it is
    one (JSON Schema counts 1000.0 and 1e3 as integers, and a double would round one past 2^53),
    otherwise a float as json reads it."""
    d = Decimal(text)
    if d.is_finite() and d == d.to_integral_value() and d.adjusted() < 400:
        return int(d)
    return float(text)


def main():
    directory, cases_path = sys.argv[1], sys.argv[2]
    docs = load_documents(directory)
    with open(cases_path, encoding="utf-8") as f:
        cases = json.load(f, parse_float=exact_number)
    results = {}
    for case in cases:
        validator = validator_for(docs, docs[case["schema"]])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            results[case["label"]] = validator.is_valid(case["instance"])
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
