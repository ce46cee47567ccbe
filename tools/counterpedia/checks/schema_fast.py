"""A JSON Schema compiled once into a Python predicate: is this record valid? Ten times faster than asking
jsonschema, which walks the schema anew for every value of every record.

The validator asks this first and asks jsonschema only for a record the predicate does not pass, so
that every diagnostic still comes from jsonschema, message for message. The predicate must therefore
never pass a record that jsonschema would refuse: it implements the keywords our schemas use with
jsonschema's own semantics (Draft 2020-12: an integer may be written 2.0; `enum`, `const` and
`uniqueItems` tell true from 1), and where it cannot be sure (an `enum` of numbers, a list of mixed
values to compare) it raises `Unsure`, which counts as "ask jsonschema". A schema with a keyword it
does not know is not compiled at all (`compile_schema` returns None): jsonschema then checks every record.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from typing import Literal

Predicate = Callable[[object], bool]

# Keywords that never make a record invalid (without a format checker, `format` is an annotation).
ANNOTATIONS = frozenset(
    {
        "title",
        "description",
        "default",
        "examples",
        "$comment",
        "deprecated",
        "readOnly",
        "writeOnly",
        "format",
        "$schema",
        "$id",
        "$defs",
        "definitions",
    }
)


class Unsure(Exception):
    """The predicate cannot tell without jsonschema's full comparison rules."""


class NotCompiled(Exception):
    """The schema uses a keyword this module does not implement."""


def _is_string(value) -> bool:
    return isinstance(value, str)


def _is_object(value) -> bool:
    return isinstance(value, dict)


def _is_array(value) -> bool:
    return isinstance(value, list)


def _is_integer(value) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _is_number(value) -> bool:
    return not isinstance(value, bool) and isinstance(value, numbers.Number)


TYPES: dict[str, Predicate] = {
    "string": _is_string,
    "object": _is_object,
    "array": _is_array,
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
}


def compile_schema(schema) -> Predicate | None:
    """The predicate of `schema` (with every `$ref` already inlined), or None when it uses a keyword
    this module does not implement."""
    try:
        return _compile(schema)
    except NotCompiled:
        return None


def _all(tests: list[Predicate]) -> Predicate:
    if not tests:
        return lambda value: True
    if len(tests) == 1:
        return tests[0]
    frozen = tuple(tests)

    def every(value) -> bool:
        for test in frozen:
            if not test(value):
                return False
        return True

    return every


def _compile(schema) -> Predicate:
    if schema is True or schema == {}:
        return lambda value: True
    if schema is False:
        return lambda value: False
    if not isinstance(schema, dict):
        raise NotCompiled(repr(schema))
    unknown = {
        key
        for key in schema
        if key not in ANNOTATIONS
        and key not in _KEYWORDS
        and key not in _PARTS
        and not (isinstance(key, str) and key.startswith("x-"))
    }
    if unknown:
        raise NotCompiled(", ".join(sorted(map(str, unknown))))
    tests = []
    if "properties" in schema or "additionalProperties" in schema:
        tests.append(_object(schema.get("properties", {}), schema.get("additionalProperties", True)))
    for keyword, build in _KEYWORDS.items():
        if keyword in schema:
            tests.append(build(schema[keyword], schema))
    return _all(tests)


def _object(properties: dict, additional) -> Predicate:
    checks = {name: _compile(sub) for name, sub in properties.items()}
    other: Predicate | Literal[False] | None
    if additional is True or (isinstance(additional, dict) and not additional):
        other = None
    elif additional is False:
        other = False
    elif isinstance(additional, dict):
        other = _compile(additional)
    else:
        raise NotCompiled(f"additionalProperties: {additional!r}")

    def test(value) -> bool:
        if not isinstance(value, dict):
            return True
        for key, item in value.items():
            check = checks.get(key)
            if check is None:
                if other is None:
                    continue
                if other is False or not other(item):
                    return False
            elif not check(item):
                return False
        return True

    return test


def _type(types, _schema) -> Predicate:
    names = [types] if isinstance(types, str) else types
    if not isinstance(names, list) or any(name not in TYPES for name in names):
        raise NotCompiled(f"type: {types!r}")
    tests = tuple(TYPES[name] for name in names)
    if len(tests) == 1:
        return tests[0]
    return lambda value: any(test(value) for test in tests)


def _required(names, _schema) -> Predicate:
    names = tuple(names)
    return lambda value: not isinstance(value, dict) or all(name in value for name in names)


def _enum(values, _schema) -> Predicate:
    if isinstance(values, list) and all(isinstance(v, str) for v in values):
        allowed = frozenset(values)
        return lambda value: isinstance(value, str) and value in allowed

    def unsure(_value) -> bool:
        raise Unsure("enum")

    return unsure


def _const(expected, _schema) -> Predicate:
    if isinstance(expected, str):
        return lambda value: isinstance(value, str) and value == expected
    if isinstance(expected, bool) or expected is None:
        return lambda value: value is expected

    def unsure(_value) -> bool:
        raise Unsure("const")

    return unsure


def _pattern(pattern, _schema) -> Predicate:
    search = re.compile(pattern).search
    return lambda value: not isinstance(value, str) or search(value) is not None


def _min_length(limit, _schema) -> Predicate:
    return lambda value: not isinstance(value, str) or len(value) >= limit


def _max_length(limit, _schema) -> Predicate:
    return lambda value: not isinstance(value, str) or len(value) <= limit  # code points, as jsonschema counts


def _min_items(limit, _schema) -> Predicate:
    return lambda value: not isinstance(value, list) or len(value) >= limit


def _min_properties(limit, _schema) -> Predicate:
    return lambda value: not isinstance(value, dict) or len(value) >= limit


def _minimum(limit, _schema) -> Predicate:
    return lambda value: not _is_number(value) or not value < limit


def _unique(flag, _schema) -> Predicate:
    if not flag:
        return lambda value: True

    def test(value) -> bool:
        if not isinstance(value, list):
            return True
        if all(isinstance(item, str) for item in value):
            return len(set(value)) == len(value)
        raise Unsure("uniqueItems")

    return test


def _items(items, schema) -> Predicate:
    if "prefixItems" in schema:
        raise NotCompiled("prefixItems")
    if items is False:
        return lambda value: not isinstance(value, list) or not value
    check = _compile(items)
    return lambda value: not isinstance(value, list) or all(check(item) for item in value)


def _all_of(schemas, _schema) -> Predicate:
    if not isinstance(schemas, list):
        raise NotCompiled("allOf")
    return _all([_compile(sub) for sub in schemas])


def _if(condition, schema) -> Predicate:
    test = _compile(condition)
    then = _compile(schema.get("then", True))
    otherwise = _compile(schema.get("else", True))
    return lambda value: then(value) if test(value) else otherwise(value)


_KEYWORDS = {
    "type": _type,
    "required": _required,
    "enum": _enum,
    "const": _const,
    "pattern": _pattern,
    "minLength": _min_length,
    "maxLength": _max_length,
    "minItems": _min_items,
    "minProperties": _min_properties,
    "minimum": _minimum,
    "uniqueItems": _unique,
    "items": _items,
    "allOf": _all_of,
    "if": _if,
}

# Keywords compiled together with another one: properties with additionalProperties, then and else with if
# (without `if`, jsonschema ignores them).
_PARTS = frozenset({"properties", "additionalProperties", "then", "else"})


def is_valid(predicate: Predicate | None, value) -> bool:
    """True when the predicate is sure the value is valid; False means "ask jsonschema"."""
    if predicate is None:
        return False
    try:
        return predicate(value)
    except (Unsure, RecursionError):
        return False
