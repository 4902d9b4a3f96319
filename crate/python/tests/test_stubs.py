"""The type stubs (shogi_reach.pyi) describe the module as built: the same names, and each function's
parameters with the same defaults."""

import ast
import inspect
from pathlib import Path

import shogi_reach as sr

STUB = Path(__file__).resolve().parents[1] / "shogi_reach.pyi"


def stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"))


def test_the_stub_names_what_the_module_has():
    tree = stub_tree()
    declared = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    # (Less the extension module itself, which maturin's __init__.py imports the names from.)
    public = {n for n in dir(sr) if not n.startswith("_") and not inspect.ismodule(getattr(sr, n))}
    assert declared == public


def test_each_function_has_the_stub_parameters_and_a_docstring():
    for node in stub_tree().body:
        if not isinstance(node, ast.FunctionDef):
            continue
        function = getattr(sr, node.name)
        assert function.__doc__ and len(function.__doc__) > 40, node.name
        parameters = inspect.signature(function).parameters
        stub_args = node.args.args
        assert [a.arg for a in stub_args] == list(parameters), node.name
        stub_defaults = [ast.literal_eval(d) for d in node.args.defaults]
        built_defaults = [p.default for p in parameters.values() if p.default is not inspect.Parameter.empty]
        assert stub_defaults == built_defaults, node.name
