"""The lessons: every shipped lesson loads, every topic the trainer scores has one, the examples agree with the
answer key, the product's own readings are marked, and a broken lesson file is reported in one clear line."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from pathlib import Path

import pytest

from tests.typed import two_cards
from trainer.engine import Banking, Procedure, SeatHand, TableRules, parse_cards, settle
from trainer.engine.paytables import Odds
from trainer.engine.round import RoundDealer
from trainer.engine.wagers import Action, Wager
from trainer.lessons import (
    READING_MARKER,
    Lesson,
    LessonError,
    check_examples,
    lesson_for,
    load_lesson,
    load_lessons,
    load_lessons_tolerant,
)
from trainer.quiz.settlement import SettlementQuiz
from trainer.resources import lessons_dir

D = Decimal
TOPICS = (
    "ante-play", "qualification", "blind", "trips", "bad-beat", "pairs", "progressive", "fold", "order",
    "player-dealer", "collection", "dealing", "card-count", "hands", "payouts",
    "irregularities", "game-protection", "table-limits", "progressive-controller", "rotation",
)
"""The syllabus: every topic the engine tags a step with, the quizzes' own topics, and the procedures."""
READINGS_REQUIRED = (
    "bad-beat", "pairs", "progressive", "order", "collection", "fold", "player-dealer", "blind", "payouts", "dealing",
)
"""Lessons that follow rules-notes.md where the documents are silent or disagree."""
DOCUMENTS = (
    "California UTH Bad Beat Bonus rules", "California UTH rules", "Washington UTH procedures",
    "Washington ACE shuffler training manual",
)

GOOD = """+++
topic = "{topic}"
title = "A lesson"
summary = "One line."
sources = ["rules notes §4"]
order = {order}
+++
# A lesson

Text.
"""


@pytest.fixture(scope="module")
def lessons() -> dict[str, Lesson]:
    return load_lessons()


def seat(number: int, hole: str, ante: int = 10, play: int = 10, **side: int) -> SeatHand:
    return SeatHand(number, two_cards(hole), D(ante), D(ante), D(play),
                    **{name: D(value) for name, value in side.items()})


# -- the shipped lessons -----------------------------------------------------------------------------------------


def test_every_shipped_lesson_loads_in_syllabus_order(lessons: dict[str, Lesson]) -> None:
    assert set(lessons) == set(TOPICS)
    orders = [lesson.order for lesson in lessons.values()]
    assert orders == sorted(orders)
    assert len(set(orders)) == len(orders)
    assert next(iter(lessons)) == "hands"


def test_every_lesson_file_is_named_after_its_topic(lessons: dict[str, Lesson]) -> None:
    for topic, lesson in lessons.items():
        assert lesson.path.name == f"{topic}.md"
        assert lesson.path.parent == lessons_dir()


def test_every_lesson_has_a_title_a_one_line_summary_and_named_sources(lessons: dict[str, Lesson]) -> None:
    for lesson in lessons.values():
        assert lesson.title and lesson.body.startswith(f"# {lesson.title}\n"), lesson.path.name
        assert "\n" not in lesson.summary and len(lesson.summary) <= 200, lesson.path.name
        for source in lesson.sources:
            assert source in DOCUMENTS or re.fullmatch(r"rules notes §\d", source), f"{lesson.path.name}: {source}"


def test_every_lesson_teaches_common_mistakes(lessons: dict[str, Lesson]) -> None:
    for lesson in lessons.values():
        assert "## Common mistakes" in lesson.body, lesson.path.name


def test_the_body_shows_the_checked_facts_and_hides_the_json(lessons: dict[str, Lesson]) -> None:
    bad_beat = lessons["bad-beat"]
    assert "```settle" not in bad_beat.body and '"seats"' not in bad_beat.body
    assert "- Seat 6: pay the Bad Beat $250" in bad_beat.body
    assert "4. Seat 4: pay the Bad Beat $45" in bad_beat.body


# -- every topic the trainer scores has a lesson -------------------------------------------------------------------


def engine_topics() -> set[str]:
    """The topics of every step of a spread of rounds: constructed hands for the rare cases, then whole rounds
    at both kinds of table with every side bet."""
    found: set[str] = set()
    house = TableRules(progressive_meter=D(20000))
    constructed = [
        (house, "Kh 7d", "2c 9d Ts Jh 3s", [seat(1, "Ah Qd", play=40), seat(2, "Qc 4h"), seat(3, "6c 5h", play=0)]),
        (house, "9d 9c", "Ks Td 5h 5c 2s", [seat(7, "Ah Kh", play=20, trips=5, bad_beat=5, pairs=5, progressive=5),
                                           seat(5, "Jc 8c", play=0, trips=5, pairs=5)]),
        (house, "5d 5h", "8c 8d 8h 2s Jc", [seat(4, "Kd 3h", play=0, trips=5, bad_beat=5, progressive=5)]),
    ]
    for table, dealer, board, seats in constructed:
        found |= {step.topic for step in settle(table, parse_cards(dealer), parse_cards(board), seats).procedure}
    for banking, side_bets in ((Banking.HOUSE, ("trips", "bad_beat", "pairs", "progressive")),
                               (Banking.PLAYER_DEALER, ("trips", "bad_beat"))):
        rounds = RoundDealer(TableRules(banking=banking), Procedure.SHUFFLER, 6, random.Random(7),
                             careless=True, side_bets=side_bets)
        for _ in range(150):
            found |= {step.topic for step in rounds.next_round().settlement.procedure}
    return found


def quiz_topics() -> set[str]:
    """The topics the settlement quiz gives its mistakes: out of order, a missed refund pass, a wrong dealer call."""
    table = TableRules()
    result = settle(table, parse_cards("Kh 7d"), parse_cards("2c 9d Ts Jh 3s"),
                    [seat(1, "Ah Qd", play=40), seat(3, "Qc 4h")])
    quiz = SettlementQuiz(result, table)
    topics = {mistake.topic for mistake in quiz.announce_dealer(result.dealer.category, True).mistakes}
    topics |= {mistake.topic for mistake in quiz.submit(1, Wager.PLAY, Action.PAY, D(40)).mistakes}
    ordered = SettlementQuiz(settle(table, parse_cards("Qd Js"), parse_cards("8s 8h Kc 5d 2c"),
                                    [seat(1, "Qc Jh"), seat(6, "As Kd", play=40)]), table)
    ordered.announce_dealer(ordered.settlement.dealer.category, True)
    topics |= {mistake.topic for mistake in ordered.submit(1, Wager.ANTE, Action.PUSH).mistakes}
    return topics


def test_every_topic_the_engine_tags_a_step_with_has_a_lesson(lessons: dict[str, Lesson]) -> None:
    topics = engine_topics()
    assert {"ante-play", "qualification", "blind", "trips", "bad-beat", "pairs", "progressive", "fold"} <= topics
    assert topics <= set(lessons), sorted(topics - set(lessons))


def test_every_topic_of_a_quiz_mistake_has_a_lesson(lessons: dict[str, Lesson]) -> None:
    topics = quiz_topics()
    assert {"order", "qualification"} <= topics
    assert topics <= set(lessons), sorted(topics - set(lessons))


def test_lesson_for_finds_the_lesson_of_a_step() -> None:
    result = settle(TableRules(), parse_cards("Kd 7c"), parse_cards("Kh 9h 4h 2s Jc"), [seat(3, "Ah 6h", play=20)])
    blind = next(step for step in result.procedure if step.wager is Wager.BLIND)
    lesson = lesson_for(blind.topic)
    assert lesson is not None and lesson.title == "The Blind"
    assert lesson_for("no-such-topic") is None
    assert lesson_for("") is None


# -- the product's readings are marked ---------------------------------------------------------------------------


@pytest.mark.parametrize("topic", READINGS_REQUIRED)
def test_a_lesson_that_follows_the_rules_notes_says_so(lessons: dict[str, Lesson], topic: str) -> None:
    readings = lessons[topic].readings
    assert readings, f"{topic}: no {READING_MARKER} paragraph"
    assert all("rules notes §" in " ".join(reading.split()) for reading in readings), topic


@pytest.mark.parametrize(("topic", "words"), [
    ("bad-beat", ("stays in action", "House rules may differ", "table setting")),
    ("bad-beat", ("Trips", "both tables")),
    ("bad-beat", ("20.387 %", "14.787 %", "16.639 %")),
    ("pairs", ("garbled", "six printed house advantages")),
    ("pairs", ("player-dealer", "refuses")),
    ("progressive", ("first 5 cards", "first 7 cards", "community royal")),
    ("progressive", ("stays in action", "table setting")),
    ("progressive", ("player-dealer", "refuses")),
    ("order", ("Ante, Play, Blind", "Pairs, Progressive", "House rules may differ")),
    ("fold", ("in seat order",)),
    ("collection", ("half-open", "$99.50", "$50.50")),
    ("blind", ("0.84 %", "Ante, Blind and Play")),
    ("player-dealer", ("exhausted", "returned")),
])
def test_each_reading_states_the_decision(lessons: dict[str, Lesson], topic: str, words: tuple[str, ...]) -> None:
    text = " ".join(" ".join(reading.split()) for reading in lessons[topic].readings)
    for word in words:
        assert word in text, f"{topic}: the reading does not say {word!r}"


# -- the worked examples agree with the answer key ----------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_worked_example_agrees_with_the_answer_key(language: str) -> None:
    translated = load_lessons(language=language)
    assert {lesson.language for lesson in translated.values()} == {language}
    problems = [problem for lesson in translated.values() for problem in check_examples(lesson)]
    assert problems == []


def test_every_settlement_lesson_has_checked_examples(lessons: dict[str, Lesson]) -> None:
    for topic, lesson in lessons.items():
        assert len(lesson.examples) >= 1, topic
    assert sum(len(lesson.examples) for lesson in lessons.values()) >= 40


def test_a_wrong_fact_in_an_example_is_reported_with_file_and_line(tmp_path: Path, lessons: dict[str, Lesson]) -> None:
    text = lessons["payouts"].path.read_text(encoding="utf-8").replace(
        "Seat 3: pay the Blind $7.50", "Seat 3: pay the Blind $7", 1)
    wrong = tmp_path / "payouts.md"
    wrong.write_text(text, encoding="utf-8")
    problems = check_examples(load_lesson(wrong))
    assert len(problems) == 1
    assert problems[0].startswith("payouts.md line ")
    assert "'Seat 3: pay the Blind $7'" in problems[0]


@pytest.mark.parametrize("fact", [
    "Seat 2 net: +$181", "Dealer holds a pair of queens and qualifies", "Seat 2 holds queens full of fours and loses",
    "2. Seat 2: pay the Blind $45", "Collection fee: $4", "Meter after settlement: $1", "Player-dealer net: $0",
])
def test_the_checker_catches_each_kind_of_wrong_fact(tmp_path: Path, fact: str) -> None:
    path = tmp_path / "x.md"
    path.write_text(GOOD.format(topic="x", order=1) + f"""
```settle
{{"table": {{"progressive_meter": 25000}}, "dealer": ["Ac", "7d"], "board": ["Qc", "Qd", "4h", "4s", "9c"],
 "seats": [{{"seat": 2, "hole": ["Qs", "8d"], "ante": 15, "blind": 15, "play": 30, "trips": 5, "progressive": 5}}]}}
---
{fact}
```
""", encoding="utf-8")
    assert len(check_examples(load_lesson(path))) == 1


def test_the_lessons_state_what_the_engine_pays() -> None:
    """A few of the lessons' numbers, worked here directly rather than through the lessons' own blocks."""
    assert Odds.parse("3 to 2").payout(D(5)) == D("7.50")  # payouts: 3 to 2 on $5
    assert Odds.parse("10 for 1").net(D(5)) == D(45)  # payouts: 10 for 1 on $5 gains $45
    bad_beat = settle(TableRules(bad_beat_paytable="BBB-02"), parse_cards("9d 9c"), parse_cards("9s 9h 6d 6c 2s"),
                      [seat(6, "6h Kd", ante=5, play=20, trips=5, bad_beat=5)])
    assert bad_beat.seat(6).wagers[Wager.BAD_BEAT].net == D(250)  # bad-beat: the player's full house beaten
    fee = settle(TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=1, player_dealer_bank=D(500),
                            collection_schedule="bb-1"),
                 parse_cards("Kd 7c"), parse_cards("Kh 9h 4h 2s Jc"),
                 [SeatHand(2, two_cards("Ah 6h"), D(20), D(20), D(80), trips=D("7.50"), bad_beat=D(5)),
                  SeatHand(3, two_cards("As Kc"), D(20), D(20), D(20), trips=D(7))]).collection_fee
    assert fee == D(4)  # collection: $99.50 of action is still the $50-$99 bracket


# -- broken lesson files ------------------------------------------------------------------------------------------


BROKEN = {
    "no front matter": ("# Just text\n", "has no front matter"),
    "unclosed": ("+++\ntopic = \"x\"\n# text\n", "front matter is not closed"),
    "bad toml": ("+++\ntopic = x\n+++\ntext\n", "front matter is not valid TOML"),
    "missing key": (GOOD.format(topic="x", order=1).replace('summary = "One line."\n', ""),
                    "front matter lacks 'summary'"),
    "unknown key": (GOOD.format(topic="x", order=1).replace("order = 1", "order = 1\nlevel = 2"),
                    "unknown key 'level'"),
    "order not a number": (GOOD.format(topic="x", order='"first"'), "'order' must be a whole number"),
    "bad topic": (GOOD.format(topic="Bad Beat", order=1), "is not lower-case words"),
    "sources not a list": (GOOD.format(topic="x", order=1).replace('["rules notes §4"]', '"rules notes"'),
                           "'sources' must be a list"),
    "empty body": (GOOD.format(topic="x", order=1).split("# A lesson")[0], "has no text after the front matter"),
    "bad example json": (GOOD.format(topic="x", order=1) + "\n```settle\n{not json}\n---\nCollection fee: $1\n```\n",
                         "the settle block is not valid JSON"),
    "example without facts": (GOOD.format(topic="x", order=1) + '\n```settle\n{"seats": []}\n---\n```\n',
                              "states no facts"),
    "unknown fact": (GOOD.format(topic="x", order=1) + '\n```deal\n{"procedure": "ace", "seats": [1]}\n---\n'
                     "Deal it nicely\n```\n", "a fact the trainer cannot check: 'Deal it nicely'"),
    "unclosed block": (GOOD.format(topic="x", order=1) + "\n```settle\n{}\n", "block is not closed"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_lesson_gives_one_clear_line_naming_the_file(tmp_path: Path, case: str) -> None:
    text, problem = BROKEN[case]
    path = tmp_path / "broken.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        load_lessons(tmp_path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    assert problem in message
    assert caught.value.path == str(path)


def test_an_unreadable_lesson_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "latin1.md").write_bytes(GOOD.format(topic="x", order=1).encode() + b"caf\xe9\n")
    with pytest.raises(LessonError, match=r"latin1\.md: is not UTF-8 text"):
        load_lessons(tmp_path)
    with pytest.raises(LessonError, match=r"gone\.md: cannot be read"):
        load_lesson(tmp_path / "gone.md")


def test_a_topic_taught_twice_names_both_files(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(GOOD.format(topic="blind", order=1), encoding="utf-8")
    (tmp_path / "b.md").write_text(GOOD.format(topic="blind", order=2), encoding="utf-8")
    with pytest.raises(LessonError, match=r"b\.md: topic 'blind' is already taught by a\.md"):
        load_lessons(tmp_path)


def test_a_folder_without_lessons_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match="holds no lessons"):
        load_lessons(tmp_path)
    with pytest.raises(LessonError, match="is not a folder of lessons"):
        load_lessons(tmp_path / "missing")


def test_the_tolerant_loader_keeps_the_good_lessons_and_reports_the_rest(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(GOOD.format(topic="blind", order=2), encoding="utf-8")
    (tmp_path / "b.md").write_text(GOOD.format(topic="fold", order=1), encoding="utf-8")
    (tmp_path / "c.md").write_text("no front matter\n", encoding="utf-8")
    (tmp_path / "d.md").write_text(GOOD.format(topic="blind", order=3), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a lesson", encoding="utf-8")
    good, problems = load_lessons_tolerant(tmp_path)
    assert list(good) == ["fold", "blind"]
    assert good["blind"].path.name == "a.md"
    assert len(problems) == 2
    assert problems[0].startswith(f"{tmp_path / 'c.md'}: has no front matter")
    assert problems[1].startswith(f"{tmp_path / 'd.md'}: topic 'blind' is already taught by a.md")
    assert all("\n" not in problem for problem in problems)


def test_the_tolerant_loader_reports_a_missing_folder(tmp_path: Path) -> None:
    good, problems = load_lessons_tolerant(tmp_path / "missing")
    assert good == {}
    assert len(problems) == 1 and "is not a folder of lessons" in problems[0]


def test_the_shipped_lessons_load_tolerantly_without_problems() -> None:
    good, problems = load_lessons_tolerant()
    assert problems == []
    assert set(good) == set(TOPICS)


def test_readings_are_found_in_quotes_and_plain_paragraphs(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    path.write_text(GOOD.format(topic="r", order=1) + f"""
> {READING_MARKER} First, in a quote
> over two lines.

{READING_MARKER} Second, plain.

Not a reading: {READING_MARKER} in the middle.
""", encoding="utf-8")
    readings = load_lesson(path).readings
    assert readings == (f"{READING_MARKER} First, in a quote\nover two lines.", f"{READING_MARKER} Second, plain.")
