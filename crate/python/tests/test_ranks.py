"""Ranks are Python ints of any size: Shogi's run to about 2^232, beyond every fixed-width integer."""

import random

import pytest
import shogi_reach as sr


@pytest.mark.parametrize("game", ["shogi", "minishogi"])
def test_rank_of_unrank_is_the_rank(game):
    count = sr.count(game)
    chosen = random.Random(20261125)
    ranks = [0, 1, count - 1, count // 2] + [chosen.randrange(count) for _ in range(200)]
    for r in ranks:
        sfen = sr.unrank(game, r)
        assert sr.rank(game, sfen) == r
        assert sr.unrank(game, sr.rank(game, sfen)) == sfen


def test_shogi_ranks_need_more_than_64_bits():
    count = sr.count("shogi")
    assert isinstance(count, int) and count.bit_length() > 200
    assert sr.count("minishogi").bit_length() == 64


@pytest.mark.parametrize("game", ["shogi", "minishogi"])
def test_ranks_outside_the_range_are_bad_ranks(game):
    count = sr.count(game)
    for bad in (count, count + 1, -1, -(2**300), 2**256, 2**300):
        with pytest.raises(sr.BadRankError):
            sr.unrank(game, bad)
    for not_an_int in (True, 1.0, "12", None):
        with pytest.raises(sr.BadRankError, match="int"):
            sr.unrank(game, not_an_int)
    with pytest.raises(sr.BadRankError):
        sr.classify(game, [0, count])
