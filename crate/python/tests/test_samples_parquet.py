"""`--samples-out FILE.parquet`: the rows of `--samples-out FILE.csv`, read back by an independent reader
(pyarrow), each column typed, an empty CSV field a null; from `estimate` and from `replicate`."""

import csv

import pyarrow.parquet as pq

from conftest import cli

TYPES = {"index": "uint64", "rank": "string", "stage": "string", "traced_back": "uint32", "nodes": "uint64",
         "pops": "uint64", "plies": "uint64", "board_P": "uint8", "hand_R": "uint8"}


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def as_csv(table):
    """The Parquet rows as the CSV writes them: numbers in decimal, a null as an empty field."""
    return [{k: "" if v is None else str(v) for k, v in row.items()} for row in table.to_pylist()]


def test_estimate_parquet_rows_are_its_csv_rows_typed(tmp_path):
    run = ("estimate", "--game", "minishogi", "--samples", "3000", "--seed", "4", "--json")
    cli(*run, "--samples-out", str(tmp_path / "rows.csv"))
    cli(*run, "--samples-out", str(tmp_path / "rows.parquet"))
    rows = read_csv(tmp_path / "rows.csv")
    table = pq.read_table(tmp_path / "rows.parquet")
    assert table.column_names == list(rows[0])
    assert {name: str(table.schema.field(name).type) for name in TYPES} == TYPES
    assert as_csv(table) == rows
    # Both kinds of sample: searched (numbers) and stopped before the search (nulls).
    assert table.column("nodes").null_count > 0
    assert table.column("nodes").null_count < len(rows)


def test_replicate_parquet_rows_are_its_csv_rows(tmp_path):
    def rows_of(name):
        out = tmp_path / name
        cli("replicate", "--game", "minishogi", "--fraction", "0.00002", "--shards", "2",
            "--dir", str(tmp_path / f"{name}.run"), "--samples-out", str(out))
        return out

    rows = read_csv(rows_of("rows.csv"))
    assert as_csv(pq.read_table(rows_of("rows.parquet"))) == rows
    assert [int(r["index"]) for r in rows] == list(range(len(rows)))
