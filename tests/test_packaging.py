"""The package's shape: the wheel carries every data file (which package may import Qt: tests/test_layers.py)."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.typed import present

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_wheel_ships_pay_tables_assets_and_lessons(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for data in ("trips.toml", "bad_beat.toml", "pairs.toml", "progressive.toml", "collection.toml"):
        assert f"trainer/engine/data/{data}" in names
    assert "trainer/assets/cards/classic/As.svg" in names
    assert "trainer/assets/sounds/deal.wav" in names
    assert any(name.startswith("trainer/lessons/") for name in names)
    assert any(name.endswith("entry_points.txt") for name in names)


# --- the frozen application (PyInstaller) ---------------------------------------------------------------------

PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))
import bundle  # noqa: E402  (packaging/bundle.py, what the spec ships)
import make_icons  # noqa: E402

CODE = {".py", ".pyc"}


def shipped(root: Path) -> set[str]:
    """Where each data file lands in the frozen app: ``<destination folder>/<file name>``."""
    return {f"{dest}/{Path(source).name}" for source, dest in bundle.data_files(root)}


def test_the_frozen_app_ships_every_data_file_of_the_package_and_the_wheels_folders() -> None:
    wanted = {f"trainer/{path.relative_to(ROOT / 'trainer').as_posix()}"
              for path in (ROOT / "trainer").rglob("*")
              if path.is_file() and path.suffix not in CODE and "__pycache__" not in path.parts}
    for folder in ("assets", "lessons"):
        wanted |= {f"trainer/{path.relative_to(ROOT).as_posix()}" for path in (ROOT / folder).rglob("*")
                   if path.is_file()}
    got = shipped(ROOT)
    assert wanted <= got, sorted(wanted - got)[:5]
    assert "trainer/engine/data/trips.toml" in got
    assert "trainer/assets/cards/classic/As.svg" in got and "trainer/assets/sounds/deal.wav" in got
    assert "trainer/lessons/trips.md" in got
    assert not {name for name in got if Path(name).suffix in CODE or "__pycache__" in name}


def test_a_data_file_added_to_the_package_ships_without_changing_the_spec(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.hatch.build.targets.wheel.force-include]\n"art" = "trainer/art"\n')
    migrations = tmp_path / "trainer" / "store" / "migrations"
    migrations.mkdir(parents=True)
    (migrations / "0001_first.sql").write_text("CREATE TABLE t (x);\n")
    (tmp_path / "trainer" / "store" / "db.py").write_text("")
    (tmp_path / "trainer" / "store" / "__pycache__").mkdir()
    (tmp_path / "trainer" / "store" / "__pycache__" / "notes.txt").write_text("")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "chip.svg").write_text("<svg/>")
    assert shipped(tmp_path) == {"trainer/store/migrations/0001_first.sql", "trainer/art/chip.svg"}


def test_the_frozen_app_finds_its_files_in_the_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer import resources

    for folder in ("assets", "lessons", "engine/data"):
        (tmp_path / "trainer" / folder).mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.is_frozen()
    assert resources.assets_dir() == tmp_path / "trainer" / "assets"
    assert resources.lessons_dir() == tmp_path / "trainer" / "lessons"
    assert resources.engine_data_dir() == tmp_path / "trainer" / "engine" / "data"


def test_a_checkout_finds_assets_and_lessons_at_the_top_of_the_repository() -> None:
    from trainer import resources

    assert not resources.is_frozen()
    assert resources.assets_dir() == ROOT / "assets"
    assert resources.lessons_dir() == ROOT / "lessons"


def test_the_spec_freezes_the_launcher_with_the_bundles_data_qt_charts_and_the_icons() -> None:
    spec = (PACKAGING / "uth-trainer.spec").read_text(encoding="utf-8")
    ast.parse(spec)
    assert "bundle.data_files(ROOT)" in spec and "launcher.py" in spec
    assert "collect_submodules(\"trainer\")" in spec
    assert "uth-trainer.ico" in spec and "uth-trainer.icns" in spec and "BUNDLE(" in spec
    assert "PySide6.QtCharts" in bundle.QT_MODULES and "PySide6.QtSvg" in bundle.QT_MODULES
    assert bundle.excluded("trainer.bench.gui") and not bundle.excluded("trainer.engine")
    launcher = imported_modules(PACKAGING / "launcher.py")
    assert "trainer.cli" in launcher and "multiprocessing" in launcher


@pytest.mark.parametrize(("name", "kept"), [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/lib/libQt6Charts.so.6", True),
    ("PySide6/Qt/lib/libQt6PrintSupport.so.6", True),
    ("libharfbuzz-672f7280.so.0.61430.0", True),   # pygame's own, for its fonts
    ("libxcb-cursor.so.0", True),                  # the X11 window on a minimal station
    ("PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so", False),
    ("PySide6/Qt/lib/libQt6Quick.so.6", False),
    ("PySide6/Qt/plugins/imageformats/libqpdf.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("libcairo.so.2", False),
])
def test_the_app_leaves_out_only_libraries_the_trainer_never_loads(name: str, kept: bool) -> None:
    assert bundle.keep_binary(name) is kept


@pytest.mark.parametrize("script", ["build.sh", "smoke.sh", "install-linux.sh"])
def test_the_shell_scripts_parse_and_are_executable(script: str) -> None:
    path = PACKAGING / script
    assert path.stat().st_mode & 0o111, f"{script} is not executable"
    done = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


def test_the_build_script_runs_the_spec_the_icons_the_archive_and_the_smoke_test() -> None:
    script = (PACKAGING / "build.sh").read_text(encoding="utf-8")
    for step in ("desktop-file-validate", "appstreamcli validate", "make_icons.py", "uth-trainer.spec",
                 "tar -czf", "packaging/smoke.sh", "apt-get install"):
        assert step in script, step


def test_the_smoke_test_checks_every_command_and_the_window() -> None:
    smoke = (PACKAGING / "smoke.sh").read_text(encoding="utf-8")
    for step in ('"$app" --version', "ldd", '"$app" settle', '"$app" "${quiz_args[@]}"', '"$app" grade', "Xvfb",
                 "import -window root"):
        assert step in smoke, step


# --- the samples the smoke test uses ---------------------------------------------------------------------------

SAMPLE_PROCEDURE = [
    # a flush (Ah Kh + 2h 9h Jh) against a dealer's king high, who does not qualify (rules: no pair):
    # the Ante pushes, in the refund pass, when the dealer does not qualify:
    {"seat": 1, "wager": "ante", "action": "push", "amount": 10, "phase": "refund"},
    {"seat": 1, "wager": "play", "action": "pay", "amount": 40, "phase": "settle"},    # the Play wins 1 to 1
    {"seat": 1, "wager": "blind", "action": "pay", "amount": 15, "phase": "settle"},   # the Blind pays a flush 3 to 2
    {"seat": 1, "wager": "trips", "action": "pay", "amount": 35, "phase": "settle"},   # Trips UTH-01: a flush 7 to 1
]


def test_the_sample_hand_settles_as_the_rules_pay_a_flush() -> None:
    import json

    from trainer.settle_io import settle_request

    result = settle_request(json.loads((PACKAGING / "samples" / "hand.json").read_text()))
    assert result["procedure"] == SAMPLE_PROCEDURE
    assert result["seats"][0]["net"] == 90
    assert result["dealer"]["qualifies"] is False


def test_the_grade_sample_is_the_sample_hand_settled_right() -> None:
    import json

    grade = json.loads((PACKAGING / "samples" / "grade.json").read_text())
    assert grade["hand"] == json.loads((PACKAGING / "samples" / "hand.json").read_text())
    assert grade["steps"] == [{key: value for key, value in step.items() if key != "phase"}
                              for step in SAMPLE_PROCEDURE]
    assert grade["dealer"] == {"hand": "high card", "qualifies": False}


def test_the_scripted_quiz_answers_are_read_by_the_quiz() -> None:
    answers = (PACKAGING / "samples" / "quiz-answers.txt").read_text()
    done = subprocess.run([sys.executable, "-m", "trainer", "quiz", "--topic", "payouts-1", "--seed", "1",
                           "--count", "2"], input=answers, capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert "== 2/2" in done.stdout and "\nScore " in done.stdout


# --- desktop entry, metainfo, icon -----------------------------------------------------------------------------

DESKTOP = PACKAGING / "uth-trainer.desktop"
METAINFO = PACKAGING / f"{bundle.APP_ID}.metainfo.xml"


def desktop_keys() -> dict[str, str]:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def test_the_desktop_entry_starts_the_command_with_its_icon() -> None:
    keys = desktop_keys()
    assert keys["Type"] == "Application" and keys["Exec"] == "uth-trainer" and keys["Icon"] == "uth-trainer"
    assert keys["Name"] == "UTH Dealer Trainer" and keys["Terminal"] == "false"
    assert "Education" in keys["Categories"].split(";")


@pytest.mark.needs("desktop-file-validate")
def test_the_desktop_entry_validates() -> None:
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and "error" not in done.stdout, done.stdout + done.stderr


def test_the_metainfo_names_the_entry_the_command_the_release_and_made_screenshots() -> None:
    import xml.etree.ElementTree as ET

    from trainer import __version__

    component = ET.parse(METAINFO).getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == bundle.APP_ID
    assert component.findtext("launchable") == DESKTOP.name
    assert component.findtext("provides/binary") == bundle.APP_NAME
    assert present(component.find("releases/release")).get("version") == __version__
    images = [Path(present(image.text)).name for image in component.iter("image")]
    scripts = (PACKAGING / "screenshots.py").read_text() + (PACKAGING / "quiz_screenshots.py").read_text()
    assert images and all(present(image).startswith("https://") for image in (i.text for i in component.iter("image")))
    assert all(f'"{name}"' in scripts for name in images), images


@pytest.mark.needs("appstreamcli")
def test_the_metainfo_validates() -> None:
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import struct

    return struct.unpack(">II", data[16:24])


@pytest.mark.gui
def test_the_icon_comes_in_the_usual_sizes_for_each_system(tmp_path: Path) -> None:
    import struct

    make_icons.make_icons(tmp_path, ROOT / "assets")
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        png = tmp_path / "hicolor" / f"{size}x{size}" / "apps" / "uth-trainer.png"
        assert png_size(png.read_bytes()) == (size, size)
    assert (tmp_path / "hicolor" / "scalable" / "apps" / "uth-trainer.svg").read_text().startswith("<?xml")
    ico = (tmp_path / "uth-trainer.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count == len(make_icons.ICO_SIZES)
    for index, size in enumerate(make_icons.ICO_SIZES):
        width, _, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * index: 22 + 16 * index])
        assert width == size % 256 and png_size(ico[offset:offset + length]) == (size, size)
    icns = (tmp_path / "uth-trainer.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    position, found = 8, {}
    while position < len(icns):
        kind_code, length = icns[position:position + 4], struct.unpack(">I", icns[position + 4:position + 8])[0]
        found[kind_code] = png_size(icns[position + 8:position + length])
        position += length
    assert found == {code: (size, size) for size, code in make_icons.ICNS_TYPES.items()}


def test_install_linux_puts_the_command_entry_and_icon_in_the_users_folders_and_removes_them(tmp_path: Path) -> None:
    import os
    import shutil

    app = tmp_path / "opt" / "uth-trainer"
    (app / "share" / "applications").mkdir(parents=True)
    (app / "share" / "metainfo").mkdir(parents=True)
    (app / "share" / "icons" / "hicolor" / "48x48" / "apps").mkdir(parents=True)
    shutil.copy(DESKTOP, app / "share" / "applications")
    shutil.copy(METAINFO, app / "share" / "metainfo")
    (app / "share" / "icons" / "hicolor" / "48x48" / "apps" / "uth-trainer.png").write_bytes(b"png")
    (app / "uth-trainer").write_text("#!/bin/sh\n")
    shutil.copy(PACKAGING / "install-linux.sh", app)
    home = tmp_path / "home"
    env = {"PATH": os.environ["PATH"], "HOME": str(home)}
    done = subprocess.run([str(app / "install-linux.sh")], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    share = home / ".local" / "share"
    assert (home / ".local" / "bin" / "uth-trainer").resolve() == app / "uth-trainer"
    entry = (share / "applications" / "uth-trainer.desktop").read_text()
    assert f"\nExec={app}/uth-trainer\n" in entry and f"\nTryExec={app}/uth-trainer\n" in entry
    assert (share / "icons" / "hicolor" / "48x48" / "apps" / "uth-trainer.png").is_file()
    assert (share / "metainfo" / METAINFO.name).is_file()
    done = subprocess.run([str(app / "install-linux.sh"), "--remove"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert not (home / ".local" / "bin" / "uth-trainer").exists()
    assert not (share / "applications" / "uth-trainer.desktop").exists()
    assert not (share / "icons" / "hicolor" / "48x48" / "apps" / "uth-trainer.png").exists()
    assert (app / "uth-trainer").is_file()


def test_help_says_where_settings_progress_and_logs_are_and_how_to_back_them_up() -> None:
    from trainer.cli import build_parser

    text = build_parser().format_help()
    for words in ("~/.config/uth-dealer-trainer/settings.json", "~/.local/share/uth-dealer-trainer/",
                  "~/.cache/uth-dealer-trainer/log/trainer.log", "--data-dir DIR", "uth-trainer backup FILE"):
        assert words in text, words


def test_the_readme_keeps_its_two_commands_and_gains_build_the_app() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = [line for line in readme.splitlines() if line.startswith("## ")]
    assert sections[:3] == ["## Install and start (Python 3.11 or newer)", "## Install and run the tests",
                            "## Build the app"]
    build = readme.split("## Build the app", 1)[1].split("## ", 1)[0]
    assert "```sh\npackaging/build.sh\n```" in build
    for words in ("settings.json", "progress.sqlite3", "trainer.log", "--data-dir DIR", "uth-trainer backup FILE"):
        assert words in readme, words


@pytest.mark.parametrize("module", ["trainer.resources", "bundle", "make_icons"])
def test_the_packaging_modules_examples_hold(module: str) -> None:
    import doctest
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failed == 0


@pytest.mark.parametrize(("arguments", "said"), [
    (["--store", "postgresql://st@db/room"], "--store sets it for every user: with --system"),
    (["--system", "--store", "mysql://db/room"], "--store takes a class store's URL"),
    (["--system", "--store"], "--store needs the class store's URL"),
])
def test_the_installer_sets_a_class_store_only_for_every_user_and_only_a_postgresql_url(
        tmp_path: Path, arguments: list[str], said: str) -> None:
    import os

    settings = tmp_path / "etc" / "settings.json"
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "UTH_TRAINER_SYSTEM_SETTINGS": str(settings)}
    done = subprocess.run([str(PACKAGING / "install-linux.sh"), *arguments], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and said in done.stderr
    assert not settings.exists()
