"""The type stubs (shogi_reach.pyi) describe the module as built: the same names, and each function's
parameters with the same defaults."""

import ast
import inspect
from pathlib import Path

import shogi_reach as sr

from conftest import RECORDS

STUB = Path(__file__).resolve().parents[1] / "shogi_reach.pyi"


def stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"))


def typed_dict(node) -> bool:
    """Whether a stub class is a TypedDict (a type of the results, not a name of the module)."""
    return isinstance(node, ast.ClassDef) and any(getattr(b, "id", None) == "TypedDict" for b in node.bases)


def test_the_stub_names_what_the_module_has():
    tree = stub_tree()
    declared = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and not typed_dict(n)}
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


def typed_dicts() -> dict:
    """Each TypedDict of the stub, in class or functional form: {name: {field: (annotation's text, required)}}."""
    out = {}
    for node in stub_tree().body:
        if typed_dict(node):
            items = [(item.target.id, ast.unparse(item.annotation)) for item in node.body]
        elif isinstance(node, ast.Assign) and getattr(getattr(node.value, "func", None), "id", None) == "TypedDict":
            keys, values = node.value.args[1].keys, node.value.args[1].values
            items = [(k.value, ast.unparse(v)) for k, v in zip(keys, values)]
        else:
            continue
        name = node.name if isinstance(node, ast.ClassDef) else node.targets[0].id
        out[name] = {field: (text, not text.startswith("NotRequired[")) for field, text in items}
    return out


def check_keys(value, name, types, where):
    """`value` has exactly the keys of TypedDict `name` (the optional ones may be missing), recursively
    into the fields typed by another TypedDict (or a list or Optional of one)."""
    fields = types[name]
    assert set(value) <= set(fields), (where, set(value) - set(fields))
    assert {k for k, (_, required) in fields.items() if required} <= set(value), where
    for key, (text, _) in fields.items():
        inner = text.removeprefix("NotRequired[").removeprefix("Optional[").removeprefix("list[").rstrip("]")
        if inner in types and value.get(key) is not None:
            is_list = text.removeprefix("NotRequired[").removeprefix("Optional[").startswith("list[")
            items = value[key] if is_list else [value[key]]
            for i, item in enumerate(items):
                check_keys(item, inner, types, f"{where}.{key}[{i}]")


def test_the_report_types_name_the_keys_of_built_reports():
    types = typed_dicts()
    shards = [sr.estimate("minishogi", 70_000, 3, shard=(k, 2)) for k in range(2)]
    for report in [*shards, sr.merge(shards), sr.estimate("shogi", 100, 1, max_nodes=1000)]:
        check_keys(report, "Report", types, "report")


def test_the_other_result_types_name_the_keys_of_built_results():
    types = typed_dicts()
    check_keys(sr.games(), "Games", types, "games()")
    rows = sr.samples("shogi", 1, 300) + sr.samples("minishogi", 1, 300)
    assert {r["stage"] for r in rows} >= {"OK", "piece", "king"}, "rows of several stages"
    for i, row in enumerate(rows):
        check_keys(row, "SampleRow", types, f"samples()[{i}]")
    check_keys(sr.replicate("minishogi", fraction=1e-5, seed=2), "Replication", types, "replicate()")
    mini, shogi = "minishogi", "shogi"
    # Each stage a proof ends at, so that every field is seen both set and None.
    for game, sfen in [(mini, "rbsgk/4p/5/P4/KGSBR b - 1"), (mini, "Pbsgk/4p/5/5/KGSBR b r 1"),
                       (mini, "K1G1g/rbB1+r/+S3p/5/1sk2 b p 1"), (mini, "1+r3/bs3/gs3/2b2/K+rk2 b GPp 1")]:
        check_keys(sr.prove(game, sfen), "Proof", types, f"prove({sfen})")
        if sr.prove(game, sfen)["stage"] != "piece":  # a dead piece is no legal position: no last moves
            check_keys(sr.predecessors(game, sfen), "LastMoves", types, f"predecessors({sfen})")
    check_keys(sr.king_squares(mini, "4k/5/5/5/5 b 2r2b2g2s2p 1"), "KingSquares", types, "king_squares()")
    # `explain` of each stage (the rules, a prev certificate, a reach tree, none), `proof_game` by each method.
    for game, sfen in [(mini, "Pbsgk/4p/5/5/KGSBR b r 1"), (mini, "K1G1g/rbB1+r/+S3p/5/1sk2 b p 1"),
                       (mini, "1+r3/bs3/gs3/2b2/K+rk2 b GPp 1"), (mini, "rbsgk/4p/5/P4/KGSBR b - 1"),
                       (mini, "4k/5/5/5/K4 b - 1")]:
        check_keys(sr.explain(game, sfen), "Explanation", types, f"explain({sfen})")
    reach = sr.explain(mini, "1+r3/bs3/gs3/2b2/K+rk2 b GPp 1")
    assert reach["tree"] and any(n["leaf"] for n in reach["tree"]), "a tree with its leaves' certificates"
    for method in ("short", "kk"):
        game = sr.proof_game(mini, "rbsgk/4p/5/P4/KGSBR b - 1", method=method, threads=1)
        check_keys(game, "ProofGame", types, f"proof_game({method})")
    for i, row in enumerate(sr.classify(shogi, sr.sample(shogi, 1, 400))):
        check_keys(row, "Classified", types, f"classify()[{i}]")
    files = sorted(RECORDS.parent.glob("*/*.ki*")) + sorted(RECORDS.parent.glob("*/*.csa"))
    records = [sr.read_record(f.read_bytes()) for f in files]
    assert any(r["variations"] and r.get("comment") for r in records), "a record with variations and comments"
    for i, record in enumerate(records):
        check_keys(record, "Record", types, f"read_record()[{i}]")
