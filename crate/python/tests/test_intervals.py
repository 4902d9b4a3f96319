"""The report's Wilson and exact (Clopper–Pearson) intervals of |R|, from the module and the CLI, against
the definitions computed here: Wilson's closed form, and the binomial tails at the exact interval's ends
summed term by term."""

import math

import pytest

import shogi_reach
from conftest import cli_json

ALPHA = math.erfc(3 / math.sqrt(2))  # outside ±3σ of a normal distribution


def wilson(k, n, z=3.0):
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def tail(k, n, p, upper):
    """P(X >= k) (upper) or P(X <= k) for X binomial(n, p), in logs term by term."""
    terms = range(k, n + 1) if upper else range(0, k + 1)
    log = lambda i: (math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)  # noqa: E731
                     + i * math.log(p) + (n - i) * math.log1p(-p))
    return sum(math.exp(log(i)) for i in terms)


@pytest.mark.parametrize("game,samples,seed", [("minishogi", 3000, 11), ("minishogi", 700, 2), ("shogi", 4000, 5)])
def test_the_intervals_are_wilsons_and_the_exact_one(game, samples, seed):
    module = shogi_reach.estimate(game, samples, seed)
    report = cli_json("estimate", "--game", game, "--samples", str(samples), "--seed", str(seed))
    assert module["estimate"]["wilson"] == report["estimate"]["wilson"]
    assert module["estimate"]["exact"] == report["estimate"]["exact"]
    k, n = report["tally"]["stages"]["OK"], report["tally"]["samples"]
    candidates = int(report["candidates"])
    low, high = (v / candidates for v in report["estimate"]["wilson"])
    assert low == pytest.approx(wilson(k, n)[0], rel=1e-9) and high == pytest.approx(wilson(k, n)[1], rel=1e-9)
    low, high = (v / candidates for v in report["estimate"]["exact"])
    assert tail(k, n, low, True) == pytest.approx(ALPHA / 2, rel=1e-6)
    assert tail(k, n, high, False) == pytest.approx(ALPHA / 2, rel=1e-6)
    assert low <= k / n <= high
