"""花花兒 rules: every pattern, the seed's order of types, 帶響, 伙, legal plays and 方 counting.

Each test names the sentence of the seed (shared/seeds/000_a6aa68b578130e51.txt) it pins.
The game flow and the settlement of a deal are in test_huahuar_game.py.
"""

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import Card, new_deck, parse_cards
from cardkit.variants.huahuar import RUNG, SCORE_SCALE, TYPE_ORDER, TYPES, Combo, Rules

R = Rules()


def combo(text: str, rules: Rules = R) -> Combo:
    played = rules.classify(parse_cards(text))
    assert played is not None, f"{text} should be a pattern"
    return played


def kind_of(text: str, rules: Rules = R):
    played = rules.classify(parse_cards(text))
    return None if played is None else (played.kind, played.size)


def of_rank(rank: str, n: int, suits: str = "CDHS") -> str:
    """n cards of one rank, suits taken round-robin (never four of one face for n <= 4)."""
    return " ".join(f"{suits[i % len(suits)]}{rank}" for i in range(n))


# --- 基本玩法 ------------------------------------------------------------------------


def test_basic_play_four_decks_make_216_cards():
    deck = new_deck(4)
    assert len(deck) == 216 and set(Counter(deck).values()) == {4}


# --- 豹型 ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["C3", "HK", "SA", "D2"])
def test_bao_any_one_card_is_a_single(text):
    assert kind_of(text) == ("single", 1)


@pytest.mark.parametrize("text", ["H5 C5", "S5 S5", "DA SA"])
def test_bao_two_cards_of_a_rank_are_a_pair_whatever_their_suits(text):
    assert kind_of(text) == ("pair", 2)


@pytest.mark.parametrize("n", range(3, 17))
def test_bao_three_to_sixteen_cards_of_a_rank_are_n_zhi(n):
    played = combo(of_rank("2", n))
    assert (played.kind, played.size, str(played.rank.value)) == ("kind", n, "2")
    assert played.name_zh == TYPES_BY_KIND[("kind", n)]


TYPES_BY_KIND = {(k, n): zh for zh, (k, n, _) in TYPES.items()}


def test_bao_three_twos_are_called_three_zhi_2():
    assert str(combo("C2 D2 H2")) == "三隻 2"


def test_bao_four_cards_of_one_suit_and_rank_are_huabao_the_huahuar():
    played = combo("H5 H5 H5 H5")
    assert (played.kind, str(played)) == ("huabao", "花豹 5")


def test_bao_four_of_a_rank_in_mixed_suits_is_four_zhi_not_huabao():
    assert kind_of("H5 H5 H5 D5") == ("kind", 4)


# --- 虎型 ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "n", "zh"), [
    ("RJ", 1, "單虎"), ("BJ", 1, "單虎"), ("RJ BJ", 2, "雙虎"), ("BJ BJ BJ", 3, "三虎"),
    ("RJ RJ BJ BJ BJ", 5, "五虎"), ("RJ RJ RJ BJ BJ BJ", 6, "六虎"), ("RJ RJ RJ RJ BJ BJ BJ", 7, "七虎"),
    ("RJ RJ RJ RJ BJ BJ BJ BJ", 8, "八虎"),
])
def test_hu_one_to_eight_jokers_are_dan_hu_to_ba_hu(text, n, zh):
    played = combo(text)
    assert (played.kind, played.size, played.name_zh) == ("tiger", n, zh)


def test_hu_four_mixed_jokers_are_huahu():
    assert kind_of("RJ BJ BJ BJ") == ("huahu", 4) and kind_of("RJ RJ BJ BJ") == ("huahu", 4)


def test_hu_four_big_jokers_are_da_qinghu_and_four_small_xiao_qinghu():
    assert kind_of("RJ RJ RJ RJ") == ("big_qinghu", 4)
    assert kind_of("BJ BJ BJ BJ") == ("small_qinghu", 4)


def test_hu_jokers_do_not_mix_with_other_cards():
    assert R.classify(parse_cards("RJ S2")) is None
    assert "jokers" in R.why_not_pattern(parse_cards("RJ S2"))


# --- 龍型 ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["SA HK DQ", "C6 D7 H8 S9", "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"])
def test_long_three_or_more_consecutive_singles_are_lianzi(text):
    assert kind_of(text) == ("straight", 1)


def test_long_lianzi_length_is_the_number_of_ranks():
    played = combo("C6 D7 H8 S9")
    assert (played.length, str(played)) == (4, "連子 6–9 帶響")


def test_long_eight_eight_seven_seven_six_six_is_liandui():
    played = combo("H8 D8 H7 C7 S6 D6")
    assert (played.kind, played.length, played.value) == ("pair_straight", 3, R.value(Card("H8")))


@pytest.mark.parametrize("text", ["DA S2 H3", "CK DA H2", "CQ DK SA RJ", "H2 D2 HA DA HK DK", "BJ RJ SA"])
def test_long_twos_and_jokers_never_make_a_dragon(text):
    assert R.classify(parse_cards(text)) is None


def test_long_two_ranks_are_no_dragon():
    assert R.classify(parse_cards("H5 H6")) is None
    assert R.classify(parse_cards("H5 D5 H6 D6")) is None
    assert "three ranks" in R.why_not_pattern(parse_cards("H5 D5 H6 D6"))


def test_long_ranks_must_be_consecutive_with_equal_counts():
    assert R.classify(parse_cards("H5 H6 H8")) is None
    assert R.classify(parse_cards("H5 D5 H6 H7")) is None
    assert "consecutive" in R.why_not_pattern(parse_cards("H5 H6 H8"))
    assert "same number" in R.why_not_pattern(parse_cards("H5 D5 H6 H7"))


def test_long_jjj_101010_999_is_san_jie_j():
    played = combo("SJ HJ DJ S10 H10 D10 S9 H9 D9")
    assert (played.kind, played.size, str(played)) == ("jie", 3, "三節 J 帶響")


@pytest.mark.parametrize("n", range(3, 17))
def test_long_three_consecutive_groups_of_n_are_n_jie(n):
    text = " ".join(of_rank(r, n) for r in ("7", "8", "9"))
    played = combo(text)
    assert (played.kind, played.size, len(played.cards)) == ("jie", n, 3 * n)
    assert played.name_zh == TYPES_BY_KIND[("jie", n)]


def test_long_jie_is_exactly_three_groups():
    assert R.classify(parse_cards(" ".join(of_rank(r, 3) for r in "6789"))) is None
    assert "exactly three ranks" in R.why_not_pattern(parse_cards(" ".join(of_rank(r, 3) for r in "6789")))


def test_long_nine_spades_5_4_3_are_shenlong_5():
    played = combo("S5 S5 S5 S4 S4 S4 S3 S3 S3")
    assert (played.kind, str(played)) == ("shenlong", "神龍 5 帶響")


def test_long_san_jie_in_mixed_suits_is_not_shenlong():
    assert kind_of("S5 S5 H5 S4 S4 S4 S3 S3 S3") == ("jie", 3)


def test_long_qinglong_a_is_four_spade_aces_kings_queens_twelve_cards():
    # The seed says "16張牌的花色均相同" but its own example, a 四節, has 12 cards.
    played = combo("SA SA SA SA SK SK SK SK SQ SQ SQ SQ")
    assert (played.kind, str(played), len(played.cards)) == ("qinglong", "青龍 A 帶響", 12)


# --- 大小比較: ranks ---------------------------------------------------------------------


def test_rank_order_3_up_to_a_then_2_small_joker_big_joker():
    ladder = [combo(t) for t in "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA C2 BJ RJ".split()]
    for low, high in zip(ladder, ladder[1:], strict=False):
        assert R.beats(high, low) and not R.beats(low, high), (high, low)


# --- 大小比較: the order of types ----------------------------------------------------------

SEED_ORDER = (
    "單只（連子、一對、單虎）<三隻<連對<四隻<雙虎<五隻<六隻<三虎<三節<七隻<四節<八隻<花豹<花虎<五節<小青虎<大青虎<"
    "九隻<六節<十隻<五虎<神龍<七節<十一隻<八節<十二隻<六虎<九節<十三隻<十節<十四隻<七虎<青龍<十一節<十五隻<十二節<"
    "十六隻<八虎<十三節<十四節<十五節<十六節"
)


def test_order_of_types_table_is_the_seeds_text():
    steps = [step[0] + (f"（{'、'.join(step[1:])}）" if len(step) > 1 else "") for step in TYPE_ORDER]
    assert "<".join(steps) == SEED_ORDER


SEED_FILE = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_a6aa68b578130e51.txt"


@pytest.mark.skipif(not SEED_FILE.exists(), reason="the seed texts live outside the repository")
def test_order_of_types_copy_above_is_the_seed_files_line():
    line = next(x for x in SEED_FILE.read_text(encoding="utf-8").splitlines() if x.startswith("（2）牌型大小"))
    assert line.split("：", 1)[1].rstrip("；") == SEED_ORDER


def test_every_type_of_the_seed_is_on_the_ladder_once():
    names = [name for step in TYPE_ORDER for name in step]
    assert sorted(names) == sorted(TYPES) and len(set(names)) == len(names)


def example(kind: str, size: int, strong: bool) -> str:
    """The weakest (strong=False) or strongest play of a type, as text."""
    top, low = ("Q", "K", "A"), ("3", "4", "5")
    ranks = top if strong else low
    if kind == "single":
        return "S2" if strong else "C3"
    if kind == "pair":
        return "S2 H2" if strong else "C3 D3"
    if kind == "straight":
        return "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK SA" if strong else "C3 D4 H5"
    if kind == "pair_straight":
        return "CQ DQ CK DK CA SA" if strong else "C3 D3 C4 D4 C5 D5"
    if kind == "kind":
        return of_rank("2", size, "SCDH") if strong else of_rank("3", size)
    if kind == "huabao":
        return "S2 S2 S2 S2" if strong else "C3 C3 C3 C3"
    if kind == "jie":
        return " ".join(of_rank(r, size, "SCDH") if strong else of_rank(r, size) for r in ranks)
    if kind in ("shenlong", "qinglong"):
        suit = "S" if strong else "C"
        return " ".join(f"{suit}{r}" for r in ranks for _ in range(size))
    if kind == "tiger":
        if size == 1:
            return "RJ" if strong else "BJ"
        bigs = min(size, 4) if strong else max(0, size - 4)
        return " ".join(["RJ"] * bigs + ["BJ"] * (size - bigs))
    return {"huahu": "RJ RJ RJ BJ", "big_qinghu": "RJ RJ RJ RJ", "small_qinghu": "BJ BJ BJ BJ"}[kind]


def test_examples_are_of_their_type():
    for name, (kind, size, _) in TYPES.items():
        for strong in (False, True):
            assert kind_of(example(kind, size, strong)) == (kind, size), (name, strong)


def test_walk_the_whole_ladder_every_higher_type_beats_every_lower_one():
    types = [(i, TYPES[name][:2]) for i, step in enumerate(TYPE_ORDER) for name in step]
    for i, low in types:
        for j, high in types:
            if j <= i:
                continue
            weak_high, strong_low = combo(example(*high, False)), combo(example(*low, True))
            assert R.beats(weak_high, strong_low), f"{weak_high} should beat {strong_low}"
            assert not R.beats(strong_low, weak_high), f"{strong_low} should not beat {weak_high}"


def test_walk_the_ladder_adjacent_steps():
    for lower, higher in zip(TYPE_ORDER, TYPE_ORDER[1:], strict=False):
        for low in lower:
            for high in higher:
                assert RUNG[TYPES[high][:2]] == RUNG[TYPES[low][:2]] + 1
                assert R.beats(combo(example(*TYPES[high][:2], False)), combo(example(*TYPES[low][:2], True)))


@pytest.mark.parametrize(("a", "b"), [
    ("C3 D3", "C2"), ("C2", "C3 D3"), ("C3 D4 H5", "C2"), ("C2", "C3 D4 H5"),
    ("C3 D3", "C3 D4 H5"), ("C3 D4 H5", "C3 D3"), ("BJ", "C3 D3"), ("C3 D3", "RJ"),
])
def test_first_tier_types_only_beat_their_own_type(a, b):
    assert not R.beats(combo(a), combo(b))
    assert "cannot answer" in R.beat_error(combo(a), combo(b))


def test_first_tier_a_joker_is_the_highest_single():
    assert R.beats(combo("BJ"), combo("S2")) and R.beats(combo("RJ"), combo("BJ"))
    assert not R.beats(combo("S2"), combo("BJ"))


def test_higher_type_beats_lower_whatever_the_ranks():
    assert R.beats(combo("C3 D3 H3"), combo("S2 H2"))
    assert R.beats(combo("C3 D3 C4 D4 C5 D5"), combo("C2 D2 S2"))


def test_a_long_liandui_beats_nothing_it_only_opens():
    four_pairs = combo("C3 D3 C4 D4 C5 D5 C6 D6")
    assert not R.beats(four_pairs, combo("C3"))
    assert "only open" in R.beat_error(four_pairs, combo("C3"))


# --- the seed's mnemonic ---------------------------------------------------------------


def strongest(name: str) -> Combo:
    return combo(example(*TYPES[name][:2], True))


def weakest(name: str) -> Combo:
    return combo(example(*TYPES[name][:2], False))


def beats_by_type(high: str, low: str) -> bool:
    return R.beats(weakest(high), strongest(low)) and not R.beats(strongest(low), weakest(high))


def test_mnemonic_shenlong_beats_five_tigers():
    assert beats_by_type("神龍", "五虎")


def test_mnemonic_green_tigers_beat_five_jie():
    assert beats_by_type("小青虎", "五節") and beats_by_type("大青虎", "五節")


def test_mnemonic_flower_tiger_beats_flower_leopard():
    assert beats_by_type("花虎", "花豹")


def test_mnemonic_green_leopard_huabao_beats_eight_of_a_kind():
    assert beats_by_type("花豹", "八隻")


def test_mnemonic_seven_three_eight_four_nine_five():
    assert beats_by_type("七隻", "三節") and beats_by_type("八隻", "四節") and beats_by_type("九隻", "五節")


def test_mnemonic_two_leopards_lose_to_one_tiger_four_jokers_beat_eight_and_lose_to_nine():
    for four_jokers in ("花虎", "小青虎", "大青虎"):
        assert beats_by_type(four_jokers, "八隻") and beats_by_type("九隻", four_jokers)


@pytest.mark.parametrize("n", [2, 3, 5, 6, 7, 8])
def test_mnemonic_two_leopards_lose_to_one_tiger(n):
    # One joker is worth two cards of a rank: n jokers beat 2n of a kind and lose to 2n + 1.
    tiger = {2: "雙虎", 3: "三虎", 5: "五虎", 6: "六虎", 7: "七虎", 8: "八虎"}[n]
    assert beats_by_type(tiger, f"{ZH[2 * n]}隻")
    if 2 * n + 1 <= 16:
        assert beats_by_type(f"{ZH[2 * n + 1]}隻", tiger)


ZH = {4: "四", 5: "五", 6: "六", 7: "七", 10: "十", 11: "十一", 12: "十二", 13: "十三", 14: "十四", 15: "十五",
      16: "十六"}


# --- within a type: 領牌 and 帶響 -------------------------------------------------------------


def test_same_type_higher_lead_card_wins():
    assert R.beats(combo("H9 D9"), combo("H8 D8")) and not R.beats(combo("H8 D8"), combo("H9 D9"))
    assert R.beats(combo("C4 D5 H6 H7"), combo("C3 D4 H5 H6"))


def test_lead_card_is_the_highest_card_of_a_dragon_whatever_the_spades_below_it():
    assert R.beats(combo("C4 D4 C5 D5 C6 D6"), combo("S3 S3 S4 S4 S5 S5"))
    assert R.beats(combo("CJ DJ HJ C10 D10 H10 C9 D9 H9"), combo("S10 S10 H10 S9 S9 H9 S8 S8 H8"))
    assert not R.beats(combo("S9 S9 H9 S10 S10 H10 CJ DJ HJ"), combo("CJ DJ HJ C10 D10 H10 C9 D9 H9"))


def test_same_type_equal_rank_without_daixiang_does_not_beat():
    assert not R.beats(combo("H9 D9"), combo("C9 D9"))
    assert "spade" in R.beat_error(combo("H9 D9"), combo("C9 D9"))


def test_daixiang_spade_lead_card_wins_on_equal_rank():
    assert R.beats(combo("S9"), combo("H9")) and not R.beats(combo("H9"), combo("S9"))
    assert R.beats(combo("C7 D8 S9"), combo("C7 D8 H9"))


def test_daixiang_against_daixiang_does_not_beat():
    assert not R.beats(combo("S9 H9"), combo("S9 D9"))


def test_daixiang_is_about_the_lead_card_only():
    assert not combo("S7 D8 H9").loud and combo("H7 D8 S9").loud


def test_daixiang_pair_option_any_spade_or_all_spades():
    assert combo("S9 H9").loud
    all_rule = Rules(loud="all")
    assert not combo("S9 H9", all_rule).loud and combo("S9 S9", all_rule).loud
    off = Rules(loud="off")
    assert not combo("S9 S9", off).loud and not off.beats(combo("S9", off), combo("H9", off))


def test_lengths_must_match_for_lianzi_and_liandui():
    assert not R.beats(combo("C4 D5 H6 H7"), combo("C3 D4 H5"))
    assert "length" in R.beat_error(combo("C4 D5 H6 H7"), combo("C3 D4 H5"))
    assert not R.beats(combo("C3 D3 C4 D4 C5 D5"), combo("C3 D3 C4 D4 C5 D5 C6 D6"))


def test_huabao_against_huabao_by_rank_then_spades():
    assert R.beats(combo("H6 H6 H6 H6"), combo("S5 S5 S5 S5"))
    assert R.beats(combo("S5 S5 S5 S5"), combo("H5 H5 H5 H5"))
    assert not R.beats(combo("D5 D5 D5 D5"), combo("H5 H5 H5 H5"))


def test_tigers_compare_by_lead_joker():
    assert R.beats(combo("RJ BJ"), combo("BJ BJ")) and not R.beats(combo("RJ RJ"), combo("RJ BJ"))
    assert not R.beats(combo("RJ RJ BJ BJ"), combo("RJ BJ BJ BJ"))


def test_equal_plays_are_equal_whatever_the_suits_no_rule_reads():
    assert combo("C3 D3 H3") == combo("H3 H3 D3") and hash(combo("C3 D3 H3")) == hash(combo("H3 H3 D3"))
    assert combo("C3 D3 S3") != combo("C3 D3 H3")


# --- 伙 ------------------------------------------------------------------------------------


def test_huo_a_pair_of_the_same_rank_answers_a_single():
    assert R.can_huo(combo("H7 D7"), combo("S7"))
    assert R.can_huo(parse_cards("H7 D7"), parse_cards("C7"))
    assert not R.can_huo(combo("H8 D8"), combo("S7"))
    assert not R.can_huo(combo("H7 D7 C7"), combo("S7"))


def test_huo_a_single_tiger_only_by_a_double_tiger():
    assert R.can_huo(combo("BJ BJ"), combo("RJ")) and R.can_huo(combo("RJ BJ"), combo("BJ"))
    assert not R.can_huo(combo("S2 H2"), combo("BJ"))
    assert not R.can_huo(combo("BJ BJ"), combo("S2"))


def test_huo_tiger_option_same_joker():
    same = Rules(huo_tiger="same")
    assert same.can_huo(combo("BJ BJ"), combo("BJ")) and not same.can_huo(combo("BJ BJ"), combo("RJ"))
    assert not same.can_huo(combo("RJ BJ"), combo("RJ"))


def test_huo_answers_only_a_single():
    assert not R.can_huo(combo("H7 D7"), combo("S7 C7"))


def test_huo_plays_lists_each_distinct_pair_once():
    assert [str(p) for p in R.huo_plays(parse_cards("H7 D7 C7 S7"), combo("S7"))] == ["一對 7"]
    assert {str(p) for p in R.huo_plays(parse_cards("RJ RJ BJ BJ"), combo("BJ"))} == {"雙虎 大王", "雙虎 小王"}
    assert R.huo_plays(parse_cards("H8 D8"), combo("S7")) == []


# --- legal plays ------------------------------------------------------------------------------


def brute_force(hand, to_beat, rules):
    """Every play of every sub-multiset of `hand`, the slow and obvious way."""
    found = set()
    for n in range(1, len(hand) + 1):
        for cards in combinations(hand, n):
            played = rules.classify(cards)
            if played is not None and (to_beat is None or rules.beats(played, to_beat)):
                found.add(played)
    return found


SMALL_POOL = [Card(t) for t in "S3 H3 D3 S4 H4 C4 S5 H5 S2 H2 RJ BJ".split()]


@st.composite
def small_hands(draw):
    """Up to 11 cards of a few faces, up to four copies each (as in four decks)."""
    copies = draw(st.dictionaries(st.sampled_from(SMALL_POOL), st.integers(1, 4), min_size=1, max_size=6))
    hand = [face for face, k in copies.items() for _ in range(k)]
    return hand[:11]


@settings(max_examples=60, deadline=None)
@given(small_hands(), small_hands(), st.integers(0, 10**6), st.sampled_from(["any", "all", "off"]))
def test_legal_plays_are_exactly_the_plays_a_brute_force_finds(hand, other, pick, loud):
    rules = Rules(loud=loud)
    plays = rules.legal_plays(hand)
    assert len(plays) == len(set(plays))
    assert set(plays) == brute_force(hand, None, rules)
    leads = rules.legal_plays(other)  # never empty: `other` holds at least one card
    to_beat = leads[pick % len(leads)]  # any play at all, not only the weakest single
    answers = rules.legal_plays(hand, to_beat)
    assert len(answers) == len(set(answers))
    assert set(answers) == brute_force(hand, to_beat, rules)


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["any", "all", "off"]))
def test_legal_plays_on_a_dealt_hand_classify_as_themselves_and_beat(rnd, loud):
    rules = Rules(loud=loud)
    deck = new_deck(4)
    rnd.shuffle(deck)
    hand, other = deck[:54], deck[54:108]
    plays = rules.legal_plays(hand)
    assert len(plays) == len(set(plays))
    held = Counter(hand)
    for play in plays:
        assert rules.classify(play.cards) == play and rules.classify(play.cards).kind == play.kind
        assert not Counter(play.cards) - held
        assert list(play.cards) == sorted(play.cards, key=rules.sort_key)
    to_beat = rnd.choice(rules.legal_plays(other))
    answers = rules.legal_plays(hand, to_beat)
    assert set(answers) == {p for p in plays if rules.beats(p, to_beat)}


def test_legal_plays_list_spade_led_and_plain_versions_apart():
    plays = R.legal_plays(parse_cards("S9 H9 D9"))
    pairs = sorted(str(p) for p in plays if p.kind == "pair")
    assert pairs == ["一對 9", "一對 9 帶響"]


def test_legal_plays_never_offer_four_identical_cards_as_four_zhi():
    plays = R.legal_plays(parse_cards("D10 D10 D10 D10"))
    assert {(p.kind, p.size) for p in plays if len(p.cards) == 4} == {("huabao", 4)}
    plays = R.legal_plays(parse_cards("D10 D10 D10 D10 H10"))
    fours = [p for p in plays if p.kind == "kind" and p.size == 4]
    assert len(fours) == 1 and len(set(fours[0].cards)) == 2


def test_legal_plays_keep_spades_for_the_plain_version():
    plain = next(p for p in R.legal_plays(parse_cards("S9 H9 D9 C9 S9")) if p.kind == "kind" and not p.loud)
    assert all(c.suit.value != "S" for c in plain.cards)


def test_legal_plays_answer_includes_every_higher_type():
    hand = parse_cards("C3 H8 D8 S8 BJ RJ")
    answers = {str(p) for p in R.legal_plays(hand, combo("H7"))}
    assert answers == {"單只 8", "單只 8 帶響", "三隻 8 帶響", "單虎 小王", "單虎 大王", "雙虎 大王"}


def test_legal_plays_long_liandui_only_when_leading():
    hand = parse_cards("C3 D3 C4 D4 C5 D5 C6 D6")
    assert any(p.kind == "pair_straight" and p.length == 4 for p in R.legal_plays(hand))
    assert all(p.length == 3 for p in R.legal_plays(hand, combo("H2")) if p.kind == "pair_straight")


def test_legal_plays_flush_dragons_from_a_hand():
    hand = parse_cards("S3 S3 S3 S3 S4 S4 S4 S4 S5 S5 S5 S5 H5")
    kinds = {(p.kind, p.size) for p in R.legal_plays(hand)}
    assert {("shenlong", 3), ("qinglong", 4), ("jie", 3), ("jie", 4)} <= kinds


# --- 方 and 齊 -----------------------------------------------------------------------------


def test_fang_four_cards_of_a_rank_are_one_fang():
    assert R.count_fang(parse_cards("S5 H5 D5 C5")) == (1, 0)
    assert R.count_fang(parse_cards("S5 H5 D5 C5 S5 H6")) == (1, 2)


def test_fang_fourteen_loose_cards_are_one_fang():
    loose = parse_cards("S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2 BJ")
    assert R.count_fang(loose) == (1, 0)
    assert R.count_fang(loose[:13]) == (0, 13)


def test_qi_sixteen_of_a_rank_are_eight_fang():
    assert R.count_fang(parse_cards(of_rank("7", 16))) == (8, 0)
    assert R.count_fang(parse_cards(of_rank("7", 15))) == (3, 3)


def test_fang_jokers_option():
    four_big = parse_cards("RJ RJ RJ RJ")
    mixed = parse_cards("RJ RJ BJ BJ")
    assert R.count_fang(four_big) == (1, 0) and R.count_fang(mixed) == (0, 4)
    assert Rules(joker_fang="together").count_fang(mixed) == (1, 0)
    assert Rules(joker_fang="never").count_fang(four_big) == (0, 4)


# --- score scale -------------------------------------------------------------------------


@pytest.mark.parametrize(("fang", "points"), [
    (0, 1), (16, 1), (17, 2), (20, 2), (21, 3), (24, 3), (25, 4), (27, 4), (28, 5), (29, 5), (30, 6), (31, 6),
    (32, 7), (33, 7), (34, 8), (35, 8), (36, 9), (37, 9), (38, 10), (39, 10), (40, 11), (41, 12), (45, 16),
])
def test_score_scale_of_the_seed(fang, points):
    assert R.score_for(fang) == points


def test_score_scale_table_is_increasing():
    assert [m for m, _ in SCORE_SCALE] == sorted(m for m, _ in SCORE_SCALE)
    assert [p for _, p in SCORE_SCALE] == list(range(1, 12))


# --- rules object --------------------------------------------------------------------------


def test_unknown_option_value_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="loud must be one of"):
        Rules(loud="sometimes")


def test_sort_key_orders_by_rank_then_spades_last():
    cards = parse_cards("RJ S2 H3 SA BJ C3 S3")
    assert [c.code for c in sorted(cards, key=R.sort_key)] == ["C3", "H3", "S3", "SA", "S2", "BJ", "RJ"]


def test_gallery_one_example_per_pattern_weakest_first():
    rows = R.gallery()
    plays = [R.classify(row["cards"]) for row in rows]
    assert all(p is not None for p in plays)
    assert [p.rung for p in plays] == sorted(p.rung for p in plays)
    assert {p.kind for p in plays} == {k for k, _, _ in TYPES.values()}
    assert all(set(row) == {"id", "name_zh", "pinyin", "name_en", "cards", "note"} for row in rows)
    assert [row["name_zh"] for row in rows] == [p.name_zh for p in plays]
