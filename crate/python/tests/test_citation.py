"""CITATION.cff is valid Citation File Format, by the format's own validator (cffconvert), and names the
version being built."""

import subprocess
import sys
from pathlib import Path

import shogi_reach
from conftest import ROOT


def test_the_citation_file_is_valid_and_names_this_version():
    cff = ROOT / "CITATION.cff"
    validator = Path(sys.executable).parent / "cffconvert"
    done = subprocess.run([str(validator), "--validate", "--infile", str(cff)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    versions = [line.split(":", 1)[1].strip() for line in cff.read_text().splitlines() if line.startswith("version:")]
    assert versions == [shogi_reach.__version__]
