"""docs/rules.md §3 in the engine: its test vectors, the client string, and every game dealing from
the stream (hands as blocks in increasing seat number, the stock the rest) when a match has
fair seeds; Деберц's first dealer and Шулер's penalty card from their labels."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.rules import api, fairness
from apps.rules.base import DealSource
from apps.rules.fairness import Seeds

SEED = bytes(range(32))

#: docs/rules.md §3's table: deck size, client, label, the deck after the shuffle (top first).
VECTORS = [
    (24, "", "0", "Qh Kd Tc Qd Ac Ts Ah 9c Td As Kc Qc Ad Kh Jc Jd Jh Js 9d Qs Ks Th 9s 9h"),
    (
        32,
        "alice:",
        "0",
        "9c Ah Ad 8h Qd 7d Js Kd Th Jc 8s 7h Tc Jh 9s 7s Ts As Ac 7c Qc Ks Qs 9d Kh Td Jd Kc 8d 9h 8c Qh",
    ),
    (
        36,
        "x:y:",
        "1",
        "6c As 9s 7c Ts Kc 9h Kd 9c 6d Ad 9d 6h Jh Kh Qc Jc 7h 8s Ks Jd 7d 8c 6s Ah 7s Qs Tc Ac 8h Qd Th 8d"
        " Td Js Qh",
    ),
    (
        52,
        "",
        "dealer",
        "Jc 7s Jd 9s 2h 2c 6s 8d 3h Qd 8c Kd Qc Tc Ad Th Qs 7d 4s Ts As 5d Jh 5h 3c 9c 6d 3s Qh 7h 7c Ks 2s"
        " 6c 8s 4d 9d Kc Ac 6h 3d Kh 8h 4c 9h Td Ah 5s Js 5c 4h 2d",
    ),
]


def test_commitment_vector():
    assert fairness.commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


@pytest.mark.parametrize(("size", "client", "label", "expected"), VECTORS)
def test_shuffle_vectors(size, client, label, expected):
    deck = fairness.canonical_codes(size)
    assert len(deck) == size
    assert fairness.shuffle(SEED, client, label, deck) == expected.split()


def test_canonical_order():
    assert fairness.canonical_codes(24)[:7] == ["9c", "Tc", "Jc", "Qc", "Kc", "Ac", "9d"]
    assert fairness.canonical_codes(52)[-1] == "As"
    assert fairness.canonical_order(["As", "2c", "Td", "9d"]) == ["2c", "9d", "Td", "As"]


def test_words_are_hmac_blocks_big_endian():
    import hashlib
    import hmac

    stream = fairness.words(SEED, "c", "7")
    first = [next(stream) for _ in range(9)]
    block = hmac.new(SEED, b"c|7|0", hashlib.sha256).digest()
    assert first[:8] == [int.from_bytes(block[i : i + 4], "big") for i in range(0, 32, 4)]
    block1 = hmac.new(SEED, b"c|7|1", hashlib.sha256).digest()
    assert first[8] == int.from_bytes(block1[:4], "big")


def test_draw_rejects_biased_words(monkeypatch):
    # bound 3: 2**32 % 3 == 1, so only the word 2**32 - 1 is skipped
    values = iter([2**32 - 1, 2**32 - 2])
    monkeypatch.setattr(fairness, "words", lambda *a: values)
    assert fairness.Stream(SEED, "", "x").draw(3) == (2**32 - 2) % 3
    # bound 2**31 + 1: the limit is 2**31 + 1, every word from it up is skipped
    values2 = iter([2**31 + 1, 2**32 - 1, 2**31])
    monkeypatch.setattr(fairness, "words", lambda *a: values2)
    assert fairness.Stream(SEED, "", "x").draw(2**31 + 1) == 2**31


def test_client_string():
    assert fairness.client_string({"0": "k3v9"}, [0, 1]) == "k3v9:"
    assert fairness.client_string({2: "b", "0": "a"}, [2, 0, 3]) == "a:b:"
    assert fairness.client_string({}, [0]) == ""


@pytest.mark.parametrize("value", ["a", "k3v9", "x" * 64, " ~!{}", "Ab 9_-"])
def test_valid_client_seeds(value):
    assert fairness.valid_client_seed(value)


@pytest.mark.parametrize("value", ["", "x" * 65, "a:b", "a|b", "ключ", "tab\t", "\n", None, 5, ["a"]])
def test_invalid_client_seeds(value):
    assert not fairness.valid_client_seed(value)


CASES = [
    ("bazar_blot", {"players": 4}, None, 8),
    ("bazar_blot", {"players": 2}, None, 6),
    ("blot", {}, None, 6),
    ("deberc", {"players": 3}, None, 6),
    ("deberc", {"players": 4, "teams": True}, None, 6),
    ("durak", {}, [0, 2, 3], 6),
    ("durak", {"deck": 52}, [0, 1, 2, 3, 4, 5], 6),
    ("durak", {"deck": 24}, [1, 3], 6),
]


def _expected(game, options, seats, hand, seeds, number):
    norm = api.normalize_options(game, options)
    occupied = seats or list(range(norm.get("players", 2)))
    size = fairness.deck_size(game, norm)
    assert fairness.hand_size(game, norm, occupied) == hand
    return occupied, fairness.deal(
        seeds.server_seed, seeds.client, number, fairness.canonical_codes(size), occupied, hand
    )


def _same_deal(deal: dict, expected: dict, occupied: list[int]) -> None:
    for s in occupied:
        assert deal["hands"][str(s)] == expected["hands"][str(s)]
    assert deal["stock"] == expected["stock"]


@pytest.mark.parametrize(("game", "options", "seats", "hand"), CASES)
def test_first_deal_is_the_streams_deck(game, options, seats, hand):
    seeds = Seeds(SEED, "alice::bob")
    state = api.new_match(game, options, seats=seats, fair=seeds, dealer=None if game == "deberc" else 1)
    occupied, expected = _expected(game, options, seats, hand, seeds, 0)
    _same_deal(api.current_deal(state), expected, occupied)
    # the state (server side) round-trips the seeds; a copy deals on from them
    again = api.from_json(json.loads(json.dumps(api.to_json(state))))
    assert api.current_deal(again) == api.current_deal(state)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32),
    client=st.lists(st.text(alphabet="abcXYZ019 ~", min_size=0, max_size=5), min_size=4, max_size=4),
    case=st.sampled_from([c for c in CASES if c[0] != "durak"]),
    picks=st.lists(st.integers(0, 10_000), min_size=60, max_size=400),
)
def test_every_deal_of_a_match_is_the_streams_deck(seed, client, case, picks):
    """Play a belot-family match with fair seeds; every new deal (redeals included) is the
    stream's deck of its number, and no view carries the server seed."""
    game, options, _, hand = case
    norm = api.normalize_options(game, options)
    n = norm.get("players", 2)
    seeds = Seeds(seed, fairness.client_string(dict(enumerate(client)), range(n)))
    state = api.new_match(game, options, fair=seeds)
    seen = set()
    for pick in picks:
        deal = api.current_deal(state)
        if deal["number"] not in seen and deal["hands"]:
            seen.add(deal["number"])
            occupied, expected = _expected(game, options, None, hand, seeds, deal["number"])
            _same_deal(deal, expected, occupied)
        for seat in range(n):
            text = json.dumps(api.view(state, seat))
            assert seed.hex() not in text
        if api.finished(state):
            break
        to_act = api.to_act(state)
        if not to_act:
            break
        seat = to_act[pick % len(to_act)]
        legal = api.legal_actions(state, seat)
        api.apply(state, seat, legal[pick % len(legal)])
    assert seen


def test_deberc_first_dealer_is_the_first_ace_of_the_dealer_label():
    seeds = Seeds(SEED, "::")
    state = api.new_match("deberc", {"players": 3}, fair=seeds)
    seat, shown = fairness.first_ace(SEED, "::", fairness.canonical_codes(32), [0, 1, 2])
    deck = fairness.shuffle(SEED, "::", "dealer", fairness.canonical_codes(32))
    assert [c for _, c in shown] == deck[: len(shown)]
    assert shown[-1][1][0] == "A" and all(c[0] != "A" for _, c in shown[:-1])
    assert [s for s, _ in shown] == [i % 3 for i in range(len(shown))]
    assert api.current_deal(state)["dealer"] == seat


def test_other_draws_use_the_purpose_label():
    source = DealSource(0, None, Seeds(SEED, "a:"))
    assert source.fair_draw(3, "penalty:0", 17) == fairness.Stream(SEED, "a:", "3:penalty:0").draw(17)
    plain = DealSource(5)
    assert plain.fair_draw(0, "penalty:0", 17) == plain.rng(0, "penalty:0").randrange(17)


def test_a_duplicate_durak_game_draws_its_penalties_under_the_sets_deal_number():
    """Game n of a duplicate set is a match whose deal 0 is the set's deal n (``first``): its
    other draws are labelled with n too (docs/rules.md §3: ``words(f"{n}:{purpose}")``)."""
    source = DealSource(0, None, Seeds(SEED, ""), deals=1, first=4)
    assert source.fair_draw(0, "penalty:1", 17) == fairness.Stream(SEED, "", "4:penalty:1").draw(17)
    state = api.new_match("durak", {"cheating": True}, fair=Seeds(SEED, ""), duplicate=1, first_deal=4)
    assert state.first == 4
    assert type(state).from_json(json.loads(json.dumps(state.to_json()))).first == 4


def test_seeds_json_round_trip_and_reveal():
    seeds = Seeds(SEED, "x:")
    assert Seeds.from_json(json.loads(json.dumps(seeds.to_json()))) == seeds
    shown = fairness.reveal(SEED, {"0": "x"}, [0, 1])
    assert shown == {
        "algorithm": "hmac-sha256-fy-v1",
        "commitment": fairness.commitment(SEED),
        "server_seed": SEED.hex(),
        "client_seeds": {"0": "x", "1": ""},
    }


def _record(game, options, seats, seeds_by_seat):
    client = fairness.client_string(seeds_by_seat, seats)
    state = api.new_match(game, options, seats=seats if game == "durak" else None, fair=Seeds(SEED, client))
    deal = api.current_deal(state)
    return {
        "game": game,
        "options": api.normalize_options(game, options),
        "deals": [{"hands": deal["hands"], "stock": deal["stock"], "actions": []}],
        "fairness": fairness.reveal(SEED, seeds_by_seat, seats),
    }


def test_verify_deals_accepts_a_true_record_and_refuses_a_tampered_one():
    record = _record("durak", {}, [0, 1, 3], {"0": "me", "3": "you"})
    assert [d["ok"] for d in fairness.verify_deals(record)] == [True]
    hands = record["deals"][0]["hands"]
    hands["0"][0], hands["1"][0] = hands["1"][0], hands["0"][0]
    assert [d["ok"] for d in fairness.verify_deals(record)] == [False]
    record = _record("blot", {}, [0, 1], {})
    record["fairness"]["commitment"] = "0" * 64
    assert [d["ok"] for d in fairness.verify_deals(record)] == [False]
    with pytest.raises(ValueError):
        fairness.verify_deals({"game": "blot", "deals": []})
