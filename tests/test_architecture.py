"""The layers of the package (docs/editors/architecture.md): imports go one way only, no module imports
itself back through others, and an import inside a function says why it waits (start-up time).

Read from the source with `ast`, without importing anything: a failure names the module, the line and the
import, and what the rule is."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tools" / "counterpedia"

# Bottom to top: a module may import its own layer and the layers below it, never one above.
LAYERS = ("foundation", "storage", "model", "domain", "commands")
FOUNDATION = ("counterpedia", "counterpedia.kinds", "counterpedia.langs", "counterpedia.diagnostics")
DOMAIN_PACKAGES = ("catalogue", "checks", "cr", "importers", "render", "search")
# A comment with this word, on an import inside a function or just above the imports it opens, says why
# the import waits for the call: start-up time (`counterpedia search` must not load ruamel, MkDocs…).
REASON = "start-up"


def layer_of(module: str) -> str:
    """The layer of a module: by its package; a domain package's `cli` (and `*_cli`) modules are commands."""
    parts = module.split(".")
    if module in FOUNDATION:
        return "foundation"
    if parts[-1] == "cli" or parts[-1].endswith("_cli"):
        return "commands"
    if len(parts) > 1 and parts[1] in ("storage", "model", "commands"):
        return parts[1]
    if len(parts) > 1 and parts[1] == "bench":  # measures the commands: above everything
        return "commands"
    if len(parts) > 1 and parts[1] in DOMAIN_PACKAGES:
        return "domain"
    raise AssertionError(f"{module} is in no layer: put it in a layer's package (docs/editors/architecture.md)")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


def _target(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(module: str) -> list[tuple[int, str, ast.stmt]]:
    """(line, imported module of ours, the statement) for every import of `module`, wherever it stands."""
    path = MODULES[module]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [
                (node.lineno, alias.name, node) for alias in node.names if alias.name.split(".")[0] == "counterpedia"
            ]
        elif isinstance(node, ast.ImportFrom):
            target = _target(module, path, node)
            if target.split(".")[0] != "counterpedia":
                continue
            for alias in node.names:  # `from . import x`: the submodule x when there is one
                found.append(
                    (node.lineno, f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target, node)
                )
    return found


def test_every_module_is_in_a_layer():
    for module in MODULES:
        layer_of(module)


def test_imports_go_down_the_layers_only():
    wrong = []
    for module in MODULES:
        here = LAYERS.index(layer_of(module))
        for line, target, _node in imports(module):
            if target in MODULES and LAYERS.index(layer_of(target)) > here:
                wrong.append(
                    f"{MODULES[module].relative_to(PACKAGE.parent)}:{line}: {module} ({layer_of(module)}) "
                    f"imports {target} ({layer_of(target)})"
                )
    assert not wrong, "imports that go up a layer:\n" + "\n".join(wrong)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return stack[stack.index(target) :] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_module_imports_itself_through_others():
    # Every import counts, also one inside a function: a cycle hidden there is still a cycle. A package's
    # __init__ importing its own modules is how a package gathers them, not a cycle.
    graph = {
        module: {
            target
            for _line, target, _node in imports(module)
            if target in MODULES and target != module and not module.startswith(target + ".")
        }
        for module in MODULES
    }
    assert _cycle(graph) is None, "import cycle: " + " -> ".join(_cycle(graph) or [])


def _function_imports(tree: ast.AST):
    """Runs of consecutive import statements in function bodies, each with the line it follows (the statement
    before it, or the line that opens its block)."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for header, body in _bodies(node):
            previous_end = header
            run: list[ast.stmt] = []
            for statement in body:
                if isinstance(statement, (ast.Import, ast.ImportFrom)):
                    run.append(statement)
                    continue
                if run:
                    yield previous_end, run
                    run = []
                previous_end = statement.end_lineno
            if run:
                yield previous_end, run


def _bodies(function: ast.AST):
    """The statement lists inside a function (its body, and those of its ifs, trys, loops, withs…), not
    those of functions nested in it (ast.walk visits them on their own)."""
    stack = [function]
    while stack:
        node = stack.pop()
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield node.lineno, body
                stack += [s for s in body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        for handler in getattr(node, "handlers", []):
            yield handler.lineno, handler.body
            stack += handler.body


@pytest.mark.parametrize("module", sorted(MODULES))
def test_an_import_inside_a_function_says_it_waits_for_start_up_time(module):
    path = MODULES[module]
    lines = path.read_text(encoding="utf-8").splitlines()
    unexplained = []
    for previous_end, run in _function_imports(ast.parse("\n".join(lines))):
        # The comments from the statement before the run (or the line opening its block) to the run's end.
        region = "\n".join(line for line in lines[previous_end - 1 : run[-1].end_lineno] if "#" in line)
        if REASON not in region:
            unexplained += [
                f"{path.relative_to(PACKAGE.parent)}:{s.lineno}: {lines[s.lineno - 1].strip()}" for s in run
            ]
    assert not unexplained, (
        f"imports inside functions without a `# {REASON}: why` comment (move them to the top "
        "of the module, or say what start-up time they save):\n" + "\n".join(unexplained)
    )


def test_a_search_on_its_cached_index_loads_no_yaml_schema_or_mkdocs_library(valid_data):
    # What the imports inside functions are for: `counterpedia search` starts without ruamel, jsonschema,
    # MkDocs or Jinja once its index is cached (the first search builds it from the knowledge base).
    script = (
        "import contextlib, io, sys\n"
        "from counterpedia.commands.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['search', 'rad', '--data', {str(valid_data)!r}])\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'ruamel', '_ruamel_yaml', 'jsonschema', 'mkdocs', "
        "'jinja2'}))\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)  # builds the cache
    second = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)
    assert second.stdout.strip() == "[]", second.stdout
