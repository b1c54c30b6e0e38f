"""The Spanish lessons (lessons/es/): one for every English lesson with the same topic, order and sources, the
same checked examples (held against the engine in test_lessons.py), the same rules-notes decisions, the
dealer's prescribed calls kept in English, and the glossary's words (trainer/i18n/es.toml) and no rejected ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.i18n import glossary
from trainer.lessons import (
    FACTS,
    READING_MARKERS,
    Example,
    Lesson,
    LessonError,
    check_examples,
    load_lesson,
    load_lessons,
    load_lessons_tolerant,
)
from trainer.resources import lessons_dir

ENGLISH = sorted(path.name for path in lessons_dir().glob("*.md"))
SPANISH_DIR = lessons_dir() / "es"
ES = glossary("es")
GOOD = """+++
topic = "{topic}"
title = "{title}"
summary = "Una línea."
sources = ["rules notes §4"]
order = {order}
+++
# {title}

Texto.
"""


@pytest.fixture(scope="module")
def english() -> dict[str, Lesson]:
    return load_lessons()


@pytest.fixture(scope="module")
def spanish() -> dict[str, Lesson]:
    return {lesson.topic: lesson for lesson in (load_lesson(path, "es") for path in sorted(SPANISH_DIR.glob("*.md")))}


# -- every English lesson has its Spanish one --------------------------------------------------------------------


def test_every_english_lesson_has_a_spanish_lesson_of_the_same_name() -> None:
    spanish = sorted(path.name for path in SPANISH_DIR.glob("*.md"))
    assert [name for name in ENGLISH if name not in spanish] == [], "lessons not yet translated"
    assert [name for name in spanish if name not in ENGLISH] == [], "Spanish lessons without an English one"


@pytest.mark.parametrize("name", ENGLISH)
def test_a_spanish_lesson_keeps_topic_order_and_sources(name: str, english: dict[str, Lesson]) -> None:
    source = next(lesson for lesson in english.values() if lesson.path.name == name)
    translated = load_lesson(SPANISH_DIR / name, "es")
    assert (translated.topic, translated.order, translated.sources) == (source.topic, source.order, source.sources)


@pytest.mark.parametrize("name", ENGLISH)
def test_a_spanish_lesson_has_a_translated_title_and_summary(name: str, english: dict[str, Lesson]) -> None:
    source = next(lesson for lesson in english.values() if lesson.path.name == name)
    translated = load_lesson(SPANISH_DIR / name, "es")
    assert translated.body.startswith(f"# {translated.title}\n")
    assert translated.title != source.title or translated.title in ES.english, name
    assert translated.summary != source.summary and "\n" not in translated.summary
    assert "## Errores comunes" in translated.body


def kinds(example: Example, language: str) -> list[str]:
    """What each fact of ``example`` states (a step, the dealer's hand, a seat's net ...)."""
    words = FACTS[language]
    patterns = words.settle if example.kind == "settle" else words.deal
    return [next(kind for kind, pattern in patterns.items() if pattern.match(fact)) for fact in example.facts]


@pytest.mark.parametrize("name", ENGLISH)
def test_a_spanish_lesson_works_the_same_examples(name: str, english: dict[str, Lesson]) -> None:
    """The same hands and deals, and the same facts stated of them, in the engine's Spanish words."""
    source = next(lesson for lesson in english.values() if lesson.path.name == name)
    translated = load_lesson(SPANISH_DIR / name, "es")
    assert [(e.kind, e.request, kinds(e, "es")) for e in translated.examples] == [
        (e.kind, e.request, kinds(e, "en")) for e in source.examples]
    for mine, theirs in zip(translated.examples, source.examples, strict=True):
        assert all(NUMBER.findall(a) == NUMBER.findall(b) for a, b in zip(mine.facts, theirs.facts, strict=True))


@pytest.mark.parametrize("name", ENGLISH)
def test_the_answer_key_of_a_spanish_lesson_is_in_spanish(name: str) -> None:
    facts = [fact for example in load_lesson(SPANISH_DIR / name, "es").examples for fact in example.facts]
    english = re.compile(r"\b(?:Seat|seat|pay|take|push|return|Dealer|dealer|holds|net|wins|loses|card|rack|"
                         r"Unloaded|Card count|Collection fee|Meter)\b")
    assert [fact for fact in facts if english.search(fact)] == []


def test_the_spanish_answer_key_uses_the_glossary_words() -> None:
    lessons = load_lessons(language="es")
    facts = "\n".join(fact for lesson in lessons.values() for example in lesson.examples for fact in example.facts)
    for term in ("Blind", "Ante", "Progressive", "pay", "take", "dealer", "seat", "collection fee", "meter"):
        assert ES.terms[term].lower() in facts.lower(), term
    assert "El crupier tiene pareja de ochos y califica" in facts and " y no califica\n" in facts
    assert "Recuento de cartas: 2 × " in facts


@pytest.mark.parametrize("name", ENGLISH)
def test_a_spanish_lesson_states_every_rules_notes_decision(name: str, english: dict[str, Lesson]) -> None:
    source = next(lesson for lesson in english.values() if lesson.path.name == name)
    translated = load_lesson(SPANISH_DIR / name, "es")
    assert len(translated.readings) == len(source.readings)
    for mine, theirs in zip(translated.readings, source.readings, strict=True):
        assert set(re.findall(r"§\d+[a-z]?", mine)) == set(re.findall(r"§\d+[a-z]?", theirs)), name
    assert READING_MARKERS["en"] not in translated.body


NUMBER = re.compile(r"\$?\d[\d.,]*\d|\$?\d")


@pytest.mark.parametrize("name", ENGLISH)
def test_a_spanish_reading_states_the_same_figures(name: str, english: dict[str, Lesson]) -> None:
    """Each decision keeps its figures: "20.387 %", "$99.50", "0.84 %", seat and section numbers."""
    source = next(lesson for lesson in english.values() if lesson.path.name == name)
    translated = load_lesson(SPANISH_DIR / name, "es")
    for mine, theirs in zip(translated.readings, source.readings, strict=True):
        assert set(NUMBER.findall(mine)) == set(NUMBER.findall(theirs)), mine


@pytest.mark.parametrize("call", ["No more bets", "COIN IN"])
def test_the_dealers_prescribed_calls_stay_in_english(call: str, english: dict[str, Lesson],
                                                     spanish: dict[str, Lesson]) -> None:
    taught = [topic for topic, lesson in english.items() if call in lesson.body]
    assert taught, call
    for topic in taught:
        assert call in spanish[topic].body, topic


# -- the glossary ---------------------------------------------------------------------------------------------


def test_the_glossary_gives_one_spanish_term_for_one_english_term() -> None:
    seen: dict[str, str] = {}
    for english, spanish in ES.terms.items():
        assert spanish not in seen, f"{spanish!r} translates both {seen.get(spanish)!r} and {english!r}"
        seen[spanish] = english


def test_the_glossary_has_the_card_room_words() -> None:
    assert ES.terms["dealer"] == "crupier" and ES.terms["Blind"] == "ciega"
    assert ES.terms["Ante"] == "apuesta inicial" and ES.terms["Progressive"] == "Progresivo"
    assert ES.terms["collection fee"] == "comisión" and ES.terms["player-dealer's bank"].startswith("banca")
    assert {"Trips", "Play", "flop", "turn", "river", "No more bets", "COIN IN"} <= set(ES.english)


def test_the_quiz_accepts_the_glossary_word_of_every_action() -> None:
    for action in ("pay", "take", "push", "return"):
        assert ES.terms[action] in ES.answer_actions[action], action


def test_no_spanish_lesson_uses_a_rejected_word(spanish: dict[str, Lesson]) -> None:
    found = [(topic, word) for topic, lesson in spanish.items() for word in ES.rejected
             if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", lesson.body.lower())]
    assert found == []


CHECKED_TERMS = (
    "dealer", "player-dealer", "collection fee", "discard rack", "shuffler", "meter", "Progressive", "Blind", "Ante",
    "hole cards", "community cards", "board", "house edge", "pay table", "layout", "deck", "controller", "showdown",
    "first base", "third base", "house rules", "table limits", "collection schedule", "chips", "suited", "offsuit",
    "two pair", "three of a kind", "four of a kind", "full house", "straight flush", "royal flush",
)
"""Nouns whose glossary term a Spanish lesson must use wherever its English lesson uses the English one."""


def prose(lesson: Lesson) -> str:
    """The lesson's text without the checked facts (the answer key's words)."""
    facts = {fact for example in lesson.examples for fact in example.facts}
    return "\n".join(line for line in lesson.body.splitlines()
                     if re.sub(r"^(?:- |\d+\. )", "", line) not in facts and line not in facts)


@pytest.mark.parametrize("name", ENGLISH)
def test_a_spanish_lesson_says_the_glossary_term_where_the_english_says_the_term(
        name: str, english: dict[str, Lesson]) -> None:
    source = next(lesson for lesson in english.values() if lesson.path.name == name)
    translated = prose(load_lesson(SPANISH_DIR / name, "es")).lower()
    for term in CHECKED_TERMS:
        flags = re.IGNORECASE if term[0].islower() else 0
        if re.search(rf"\b{re.escape(term)}\b", prose(source), flags):
            assert ES.terms[term].lower() in translated, f"{name}: says {term!r} but not {ES.terms[term]!r}"


@pytest.mark.parametrize("term", ["crupier", "ciega", "apuesta inicial"])
def test_the_spanish_lessons_use_the_glossary_terms(term: str, spanish: dict[str, Lesson]) -> None:
    assert sum(term in lesson.body for lesson in spanish.values()) >= 5


# -- loading by language --------------------------------------------------------------------------------------


def test_the_loader_gives_every_topic_in_spanish() -> None:
    lessons = load_lessons(language="es")
    assert list(lessons) == list(load_lessons())
    assert all(lesson.language == "es" and lesson.path.parent == SPANISH_DIR for lesson in lessons.values())
    assert lessons["blind"].title == "La ciega"


def test_a_missing_translation_falls_back_to_the_english_lesson(tmp_path: Path) -> None:
    (tmp_path / "es").mkdir()
    (tmp_path / "blind.md").write_text(GOOD.format(topic="blind", title="The Blind", order=2), encoding="utf-8")
    (tmp_path / "fold.md").write_text(GOOD.format(topic="fold", title="Folding", order=1), encoding="utf-8")
    (tmp_path / "es" / "blind.md").write_text(GOOD.format(topic="blind", title="La ciega", order=2),
                                              encoding="utf-8")
    lessons = load_lessons(tmp_path, language="es")
    assert [(topic, lesson.title, lesson.language) for topic, lesson in lessons.items()] == [
        ("fold", "Folding", "en"), ("blind", "La ciega", "es")]
    good, problems = load_lessons_tolerant(tmp_path, language="es")
    assert problems == [] and good["blind"].title == "La ciega"


def test_a_folder_without_translations_gives_the_english_lessons(tmp_path: Path) -> None:
    (tmp_path / "fold.md").write_text(GOOD.format(topic="fold", title="Folding", order=1), encoding="utf-8")
    assert load_lessons(tmp_path, language="es")["fold"].language == "en"


def test_a_broken_translation_is_named_and_the_tolerant_loader_falls_back(tmp_path: Path) -> None:
    (tmp_path / "es").mkdir()
    (tmp_path / "fold.md").write_text(GOOD.format(topic="fold", title="Folding", order=1), encoding="utf-8")
    (tmp_path / "es" / "fold.md").write_text("sin front matter\n", encoding="utf-8")
    with pytest.raises(LessonError, match=r"es/fold\.md: has no front matter"):
        load_lessons(tmp_path, language="es")
    good, problems = load_lessons_tolerant(tmp_path, language="es")
    assert good["fold"].title == "Folding" and len(problems) == 1 and "es/fold.md" in problems[0]


def test_an_unknown_language_is_one_clear_line(tmp_path: Path) -> None:
    (tmp_path / "fold.md").write_text(GOOD.format(topic="fold", title="Folding", order=1), encoding="utf-8")
    with pytest.raises(LessonError, match="unknown language 'vi'"):
        load_lessons(tmp_path, language="vi")


def test_a_wrong_fact_in_a_spanish_example_names_the_spanish_file(tmp_path: Path) -> None:
    (tmp_path / "es").mkdir()
    text = (SPANISH_DIR / "payouts.md").read_text(encoding="utf-8")
    wrong = text.replace("Asiento 3: pagar la ciega $7.50", "Asiento 3: pagar la ciega $7", 1)
    assert wrong != text
    (tmp_path / "es" / "payouts.md").write_text(wrong, encoding="utf-8")
    problems = check_examples(load_lesson(tmp_path / "es" / "payouts.md", "es"))
    assert len(problems) == 1 and problems[0].startswith("es/payouts.md line ")
    assert "'Asiento 3: pagar la ciega $7'" in problems[0] and "Asiento 3: pagar la ciega $7.50;" in problems[0]


def test_a_spanish_reading_is_found_by_its_spanish_marker(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    path.write_text(GOOD.format(topic="r", title="R", order=1)
                    + f"\n> {READING_MARKERS['es']} La ciega (rules notes §4).\n", encoding="utf-8")
    assert load_lesson(path, "es").readings == (f"{READING_MARKERS['es']} La ciega (rules notes §4).",)
    assert load_lesson(path).readings == ()


def test_a_broken_lesson_is_named_in_spanish_when_the_trainer_speaks_spanish(tmp_path: Path) -> None:
    from trainer.i18n.translation import speaking

    (tmp_path / "fold.md").write_text("sin front matter\n", encoding="utf-8")
    with speaking("es"):
        good, problems = load_lessons_tolerant(tmp_path)
    assert good == {} and len(problems) == 1
    assert problems[0].endswith("fold.md: no tiene encabezado (la primera línea debe ser +++)")
