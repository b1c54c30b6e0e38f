"""Keeping the catalogues: ``python -m trainer.i18n.catalogue update|compile|check``.

- ``update`` reads every text marked in the trainer's code (``_``, ``N_``, ``ngettext``, ``pgettext``,
  ``npgettext``) with Babel's extractor and brings each language's ``trainer.po`` up to date: a new text is added
  untranslated, a text the code no longer has is dropped, every translation made is kept.
- ``compile`` writes each ``trainer.mo`` (what the trainer reads at run time) from its ``trainer.po``.
- ``todo es`` prints, as JSON, the texts the Spanish catalogue has not translated yet; ``apply es FILE.json``
  puts the same JSON, filled in, into the catalogue (a plural text takes a list: one form a plural form).
- ``check`` fails, one line a problem, on a text missing from a catalogue or untranslated or fuzzy, an entry the
  code no longer has, a translation whose ``{placeholders}`` differ from the English, a catalogue that does not
  compile, and a ``trainer.mo`` that is not the compiled ``trainer.po``. CI runs it (a test does).

The next language: add its code to :data:`trainer.i18n.translation.LANGUAGES`, run ``update`` (which starts its
catalogue), translate, ``compile``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from trainer.i18n.translation import DOMAIN, LANGUAGES, localedir

__all__ = ["catalogue_path", "check", "compile_catalogues", "compiled", "main", "marked_texts", "update"]

SOURCE = Path(__file__).resolve().parent.parent
"""The trainer's package: every module in it is read for marked texts."""
_PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")
_FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The header dates, fixed so that an unchanged catalogue compiles to the same bytes."""


def catalogue_path(language: str, suffix: str = ".po") -> Path:
    return localedir() / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def marked_texts(source: Path = SOURCE) -> Catalog:
    """Every text marked for translation in the modules under ``source``, as a template catalogue."""
    template = Catalog(domain=DOMAIN, project="UTH Dealer Trainer", creation_date=_FIXED_DATE,
                       revision_date=_FIXED_DATE)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            source, method_map, keywords=DEFAULT_KEYWORDS, comment_tags=("Translators:",),
            strip_comment_tags=True):
        if (isinstance(message, tuple) and not message[0]) or not message:
            continue
        template.add(message, None, [(f"trainer/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def _read(path: Path, language: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def _write(path: Path, catalogue: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=116, omit_header=False, sort_output=False, ignore_obsolete=True,
             include_previous=False, include_lineno=False)
    path.write_bytes(buffer.getvalue())


def update(languages: Iterable[str] = LANGUAGES[1:]) -> list[str]:
    """Bring each language's catalogue up to date with the code; what was done, one line a language."""
    template = marked_texts()
    done = []
    for language in languages:
        path = catalogue_path(language)
        if path.exists():
            catalogue = _read(path, language)
        else:
            catalogue = Catalog(locale=language, domain=DOMAIN, project="UTH Dealer Trainer",
                                creation_date=_FIXED_DATE, revision_date=_FIXED_DATE)
        before = {message.id for message in catalogue if message.id}
        catalogue.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalogue.obsolete.clear()
        _set_header(catalogue, language)
        after = {message.id for message in catalogue if message.id}
        _write(path, catalogue)
        done.append(f"{language}: {len(after)} texts, {len(after - before)} new, {len(before - after)} dropped")
    return done


def _set_header(catalogue: Catalog, language: str) -> None:
    from trainer.i18n.translation import LANGUAGE_NAMES

    catalogue.creation_date = catalogue.revision_date = _FIXED_DATE
    catalogue.fuzzy = False
    catalogue.project, catalogue.version = "UTH Dealer Trainer", "1"
    catalogue.copyright_holder = "UTH Dealer Trainer"
    catalogue.msgid_bugs_address = ""
    catalogue.last_translator = catalogue.language_team = f"UTH Dealer Trainer ({LANGUAGE_NAMES[language]})"
    catalogue.header_comment = (
        f"# The trainer's texts in {LANGUAGE_NAMES[language]}: they follow the glossary trainer/i18n/{language}.toml.\n"
        "# Kept with `python -m trainer.i18n.catalogue update`, then `compile`; CI runs `check`.")


def compiled(language: str) -> bytes:
    """The ``.mo`` bytes of ``language``'s catalogue."""
    buffer = io.BytesIO()
    write_mo(buffer, _read(catalogue_path(language), language), use_fuzzy=False)
    return buffer.getvalue()


def compile_catalogues(languages: Iterable[str] = LANGUAGES[1:]) -> list[str]:
    done = []
    for language in languages:
        catalogue_path(language, ".mo").write_bytes(compiled(language))
        done.append(f"{language}: compiled {catalogue_path(language, '.mo').relative_to(SOURCE.parent)}")
    return done


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def _texts(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)


def _translations(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (tuple, list)) else (str(message.string or ""),)


def check(languages: Iterable[str] = LANGUAGES[1:]) -> list[str]:
    """Every problem of the shipped catalogues, one line each (none when all is well)."""
    template = marked_texts()
    wanted = {(message.context, message.id) for message in template if message.id}
    problems: list[str] = []
    for language in languages:
        path = catalogue_path(language)
        name = path.relative_to(SOURCE.parent)
        if not path.exists():
            problems.append(f"{name}: missing (python -m trainer.i18n.catalogue update)")
            continue
        try:
            catalogue = _read(path, language)
        except Exception as exc:  # Babel raises its own and plain errors alike on a broken file
            problems.append(f"{name}: cannot be read ({exc})")
            continue
        have = {(message.context, message.id) for message in catalogue if message.id}
        problems += [f"{name}: not in the catalogue: {_shown(key)}" for key in sorted(wanted - have, key=str)]
        problems += [f"{name}: obsolete (the code no longer has it): {_shown(key)}"
                     for key in sorted(have - wanted, key=str)]
        for message in catalogue:
            if not message.id:
                continue
            key = (message.context, message.id)
            translations = _translations(message)
            if message.fuzzy:
                problems.append(f"{name}: fuzzy: {_shown(key)}")
            elif not all(translations):
                problems.append(f"{name}: untranslated: {_shown(key)}")
            else:
                english = set().union(*(_placeholders(text) for text in _texts(message)))
                for text in translations:
                    if _placeholders(text) != english:
                        problems.append(f"{name}: placeholders {sorted(_placeholders(text))} differ from "
                                        f"{sorted(english)}: {_shown(key)}")
            for error in message.check(catalogue):
                problems.append(f"{name}: {error}: {_shown(key)}")
        mo = catalogue_path(language, ".mo")
        try:
            fresh = compiled(language)
        except Exception as exc:
            problems.append(f"{name}: does not compile ({exc})")
            continue
        if not mo.exists() or mo.read_bytes() != fresh:
            problems.append(f"{mo.relative_to(SOURCE.parent)}: not the compiled catalogue "
                            "(python -m trainer.i18n.catalogue compile)")
    return problems


def _shown(key: tuple[str | None, object]) -> str:
    context, text = key
    shown = repr(text[0] if isinstance(text, tuple) else text)
    return f"{shown} ({context})" if context else shown


def untranslated(language: str) -> dict[str, str | list[str]]:
    """The texts ``language``'s catalogue has not translated yet, as :func:`apply` reads them back: the English
    text (``context\x04text`` with a context) → "" (a list of one "" a plural form for a plural text)."""
    catalogue = _read(catalogue_path(language), language)
    todo: dict[str, str | list[str]] = {}
    for message in catalogue:
        if message.id and (message.fuzzy or not all(_translations(message))):
            key = _texts(message)[0] if not message.context else f"{message.context}\x04{_texts(message)[0]}"
            todo[key] = [""] * catalogue.num_plurals if isinstance(message.id, (tuple, list)) else ""
    return todo


def apply(language: str, translations: dict[str, str | list[str]]) -> list[str]:
    """Put ``translations`` (as :func:`untranslated` lists them, filled in) into ``language``'s catalogue; the
    texts it does not have, one line each."""
    path = catalogue_path(language)
    catalogue = _read(path, language)
    unknown = []
    for key, text in translations.items():
        context, _sep, english = key.rpartition("\x04")
        message = next((m for m in catalogue if m.id and _texts(m)[0] == english and (m.context or "") == context),
                       None)
        if message is None:
            unknown.append(f"not in the catalogue: {key!r}")
            continue
        if isinstance(text, list) != isinstance(message.id, (tuple, list)) or not text:
            unknown.append(f"plural forms expected for a plural text and one text otherwise: {key!r}")
            continue
        message.string = tuple(text) if isinstance(text, list) else text
        message.flags.discard("fuzzy")
    _write(path, catalogue)
    return unknown


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 2 and args[0] == "todo":
        import json

        print(json.dumps(untranslated(args[1]), ensure_ascii=False, indent=1))
        return 0
    if len(args) == 3 and args[0] == "apply":
        import json

        problems = apply(args[1], json.loads(Path(args[2]).read_text(encoding="utf-8")))
        print("\n".join(problems) or "applied")
        return 1 if problems else 0
    if args == ["update"]:
        print("\n".join(update()))
        return 0
    if args == ["compile"]:
        print("\n".join(compile_catalogues()))
        return 0
    if args == ["check"]:
        problems = check()
        print("\n".join(problems) or "the catalogues are complete and compiled")
        return 1 if problems else 0
    print("usage: python -m trainer.i18n.catalogue update | compile | check | todo LANGUAGE | apply LANGUAGE FILE.json",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
