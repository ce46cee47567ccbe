"""A JSON Schema compiled once into a Python predicate: is this record valid? Ten times faster than asking
jsonschema, which walks the schema anew for every value of every record.

The validator asks this first and asks jsonschema only for a record the predicate does not pass, so
that every diagnostic still comes from jsonschema, message for message. The predicate must therefore
never pass a record that jsonschema would refuse: it implements the keywords our schemas use with
jsonschema's own semantics (Draft 2020-12: an integer may be written 2.0; `enum`, `const` and
`uniqueItems` tell true from 1), and where it cannot be sure (an `enum` of numbers, a list of mixed
values to compare) it raises `Unsure`, which counts as "ask jsonschema". A schema with a keyword it
does not know is not compiled at all (`compile_schema` returns None): jsonschema then checks every record.

Each distinct subschema becomes one generated Python function whose body tests all of its keywords in a row (a
value's type tested once, then its properties looked up in one dict, each calling its subschema's function): one
call per value of the record instead of a closure per keyword. A value passes only when no keyword fails it and none
is unsure, whatever the order they are tested in. The generated source holds no text of the schema: its values
(patterns, names, limits) are the functions' globals. A pattern remembers the texts it passed (ids, dates and set
codes recur thousands of times in one run): a set's look-up instead of a regular expression's search.
"""

from __future__ import annotations

import json
import numbers
import re
from collections.abc import Callable
from typing import Any

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


# Each type's test of `v`, as an expression; what a passing value then is, when the rest of the body may rely on it.
TYPES: dict[str, str] = {
    "string": "isinstance(v, str)",
    "object": "isinstance(v, dict)",
    "array": "isinstance(v, list)",
    "integer": "(not isinstance(v, bool) and (isinstance(v, int) or (isinstance(v, float) and v.is_integer())))",
    "number": "(not isinstance(v, bool) and isinstance(v, Number))",
    "boolean": "isinstance(v, bool)",
    "null": "v is None",
}
_KNOWN = {"string": str, "object": dict, "array": list}
PASSED = 50_000  # the texts a pattern passed, remembered up to this many per pattern

# Keywords compiled together with another one: properties with additionalProperties, then and else with if
# (without `if`, jsonschema ignores them).
_PARTS = frozenset({"properties", "additionalProperties", "then", "else"})
KEYWORDS = frozenset(
    {
        "type",
        "required",
        "enum",
        "const",
        "pattern",
        "minLength",
        "maxLength",
        "minItems",
        "minProperties",
        "minimum",
        "uniqueItems",
        "items",
        "allOf",
        "if",
    }
)


def compile_schema(schema) -> Predicate | None:
    """The predicate of `schema` (with every `$ref` already inlined), or None when it uses a keyword
    this module does not implement."""
    try:
        return _Compiler().predicate(schema)
    except NotCompiled:
        return None


class _Compiler:
    """Writes one function per distinct subschema into one module's source, then runs it."""

    def __init__(self) -> None:
        self.source: list[str] = []
        self.names: dict[str, str] = {}  # a subschema's canonical JSON -> its function's name
        self.values: dict[str, Any] = {"Number": numbers.Number, "Unsure": Unsure, "PASSED": PASSED}
        self.dispatch: dict[str, dict[Any, str]] = {}  # a global: each property's function's name, until they exist

    def predicate(self, schema) -> Predicate:
        name = self.function(schema)
        exec(compile("\n".join(self.source), "<schema_fast>", "exec"), self.values)
        for table, functions in self.dispatch.items():
            self.values[table] = {key: self.values[function] for key, function in functions.items()}
        return self.values[name]

    def value(self, value: Any) -> str:
        """A global holding `value`, for the generated source to name."""
        name = f"c{len(self.values)}"
        self.values[name] = value
        return name

    def function(self, schema) -> str:
        """The name of the function testing `schema` (written once per distinct subschema)."""
        key = json.dumps(schema, sort_keys=True, default=repr)
        name = self.names.get(key)
        if name is None:
            name = self.names[key] = f"f{len(self.names)}"
            body = self.body(schema)
            self.source.extend([f"def {name}(v):", *("    " + line for line in body), "    return True", ""])
        return name

    def body(self, schema) -> list[str]:
        if schema is True:
            return []
        if schema is False:
            return ["return False"]
        if not isinstance(schema, dict):
            raise NotCompiled(repr(schema))
        unknown = {
            key
            for key in schema
            if key not in ANNOTATIONS
            and key not in KEYWORDS
            and key not in _PARTS
            and not (isinstance(key, str) and key.startswith("x-"))
        }
        if unknown:
            raise NotCompiled(", ".join(sorted(map(str, unknown))))
        lines: list[str] = []
        known: type | None = None  # what the value is once its `type` passed
        if "type" in schema:
            types = schema["type"]
            names = [types] if isinstance(types, str) else types
            if not isinstance(names, list) or any(name not in TYPES for name in names):
                raise NotCompiled(f"type: {types!r}")
            lines.append(f"if not ({' or '.join(TYPES[name] for name in names) or 'False'}): return False")
            known = _KNOWN.get(names[0]) if len(names) == 1 else None

        def guard(kind: type, test: str) -> str:
            """`test` where the value is a `kind`: any other value passes the keyword."""
            if known is kind:
                return test
            return f"isinstance(v, {kind.__name__})" + ("" if test == "True" else f" and {test}")

        if "required" in schema:
            for required in tuple(schema["required"]):
                lines.append(f"if {guard(dict, f'{self.value(required)} not in v')}: return False")
        if "enum" in schema:
            values = schema["enum"]
            if isinstance(values, list) and all(isinstance(item, str) for item in values):
                lines.append(f"if not (isinstance(v, str) and v in {self.value(frozenset(values))}): return False")
            else:
                lines.append("raise Unsure('enum')")
        if "const" in schema:
            expected = schema["const"]
            if isinstance(expected, str):
                lines.append(f"if not (isinstance(v, str) and v == {self.value(expected)}): return False")
            elif isinstance(expected, bool) or expected is None:
                lines.append(f"if v is not {self.value(expected)}: return False")
            else:
                lines.append("raise Unsure('const')")
        if "pattern" in schema:
            search, passed = self.value(re.compile(schema["pattern"]).search), self.value(set())
            lines += [
                f"if {guard(str, f'v not in {passed}')}:",
                f"    if {search}(v) is None: return False",
                f"    if len({passed}) < PASSED: {passed}.add(v)",
            ]
        for keyword, kind, compare in (
            ("minLength", str, "<"),
            ("maxLength", str, ">"),  # code points, as jsonschema counts
            ("minItems", list, "<"),
            ("minProperties", dict, "<"),
        ):
            if keyword in schema:
                lines.append(f"if {guard(kind, f'len(v) {compare} {self.value(schema[keyword])}')}: return False")
        if "minimum" in schema:
            limit = self.value(schema["minimum"])
            lines.append(f"if not isinstance(v, bool) and isinstance(v, Number) and v < {limit}: return False")
        if schema.get("uniqueItems", False):
            lines += [
                f"if {guard(list, 'True')}:",
                "    for x in v:",
                "        if not isinstance(x, str): raise Unsure('uniqueItems')",
                "    if len(set(v)) != len(v): return False",
            ]
        if "items" in schema:
            items = schema["items"]
            if items is False:
                lines.append(f"if {guard(list, 'v')}: return False")
            else:
                lines += [
                    f"if {guard(list, 'True')}:",
                    "    for x in v:",
                    f"        if not {self.function(items)}(x): return False",
                ]
        if "properties" in schema or "additionalProperties" in schema:
            lines += self.properties(schema.get("properties", {}), schema.get("additionalProperties", True), guard)
        if "allOf" in schema:
            if not isinstance(schema["allOf"], list):
                raise NotCompiled("allOf")
            lines += [f"if not {self.function(sub)}(v): return False" for sub in schema["allOf"]]
        if "if" in schema:
            condition = self.function(schema["if"])
            then, otherwise = self.function(schema.get("then", True)), self.function(schema.get("else", True))
            lines.append(f"if not ({then}(v) if {condition}(v) else {otherwise}(v)): return False")
        return lines

    def properties(self, properties: dict, additional, guard: Callable[[type, str], str]) -> list[str]:
        checks = self.value(None)
        self.dispatch[checks] = {name: self.function(sub) for name, sub in properties.items()}
        if additional is True or (isinstance(additional, dict) and not additional):
            other = "continue"
        elif additional is False:
            other = "return False"
        elif isinstance(additional, dict):
            other = f"if not {self.function(additional)}(x): return False"
        else:
            raise NotCompiled(f"additionalProperties: {additional!r}")
        return [
            f"if {guard(dict, 'True')}:",
            "    for k, x in v.items():",
            f"        c = {checks}.get(k)",
            "        if c is None:",
            f"            {other}",
            "        elif not c(x): return False",
        ]


def is_valid(predicate: Predicate | None, value) -> bool:
    """True when the predicate is sure the value is valid; False means "ask jsonschema"."""
    if predicate is None:
        return False
    try:
        return predicate(value)
    except (Unsure, RecursionError):
        return False
