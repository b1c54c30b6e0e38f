"""What the frozen application carries besides Python modules: read by ``packaging/uth-trainer.spec`` and the tests.

Every data file of the ``trainer`` package ships (any file under ``trainer/`` that is not Python source or byte
code: pay tables, SQL migrations, whatever is added later), at the same place under ``trainer/`` as in the wheel;
so do the folders the wheel force-includes from the top of the repository (``assets/`` → ``trainer/assets``,
``lessons/`` → ``trainer/lessons``, read from ``pyproject.toml`` so the two never disagree). The frozen app then
finds them through ``trainer/resources.py`` exactly as the installed package does.

>>> from pathlib import Path, PurePosixPath
>>> pairs = data_files(Path(__file__).resolve().parent.parent)
>>> ("trainer/engine/data", "trips.toml") in {(dest, Path(src).name) for src, dest in pairs}
True
"""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

CODE_SUFFIXES = frozenset({".py", ".pyc", ".pyo", ".pyd", ".so"})
"""Files under ``trainer/`` that are code (PyInstaller freezes the modules itself), never copied as data."""
SKIPPED_DIRS = frozenset({"__pycache__"})

APP_NAME = "uth-trainer"
"""The executable's and the one-folder application's name, and the desktop entry's (``uth-trainer.desktop``)."""

APP_ID = "org.uthtrainer.UthDealerTrainer"
"""The AppStream component id and the macOS bundle identifier."""

QT_MODULES = ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg", "PySide6.QtCharts",
              "PySide6.QtPrintSupport")
"""Qt modules the app uses, some imported only inside functions; listed so their libraries and plugins always
ship (Qt Charts for the progress charts, QtPrintSupport and the PDF writer of QtGui for the reports)."""

EXCLUDED_PACKAGES = ("trainer.bench",)
"""Parts of ``trainer`` left out of the app: the benchmarks need the test tools and are run from a checkout."""

UNUSED_MODULES = (
    # Qt's Python bindings the app never imports (Qt Charts' C++ library still brings the OpenGL libraries it
    # links to): OpenGL's binding alone is 8.5 MB.
    "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtNetwork", "PySide6.QtDBus",
    # numpy's own test modules, its SIMD test harness and Fortran wrapper generator: never loaded by numpy.
    "numpy._core._simd", "numpy._core._multiarray_tests", "numpy._core._rational_tests", "numpy._core._umath_tests",
    "numpy._core._struct_ufunc_tests", "numpy._core._operand_flag_tests", "numpy.f2py",
)
"""Modules PyInstaller would freeze that the app never imports (the spec's ``excludes``)."""

LANGUAGES = ("en", "es")
"""The languages the app speaks: of Babel's CLDR data and Qt's own translations, only theirs ship."""

UNNEEDED_BINARIES = (
    # The virtual keyboard input method: a touch screen's on-screen keyboard, and QML and Qt Quick it runs on.
    "libqtvirtualkeyboardplugin.so", "libQt6VirtualKeyboard*", "libQt6Qml*", "libQt6Quick*",
    # Reading PDF files as images (the reports write PDF with QtGui's own writer, which stays).
    "libqpdf.so", "libQt6Pdf*",
    # The GTK 3 theme and the half of the GTK stack it pulls in from the build machine (it would meet the station's
    # own GTK); the window takes Qt's own style and the desktop portal theme.
    "libqgtk3.so", "libatk-1.0.so*", "libcairo*.so*", "libgdk_pixbuf-2.0.so*", "libpango*.so*", "libpixman-1.so*",
    "libthai.so*", "libdatrie.so*", "libfribidi.so*", "libgraphite2.so*", "libharfbuzz.so.*", "libjpeg.so.*",
)
"""Libraries PyInstaller would collect that the trainer never loads (file-name patterns; a pattern without a
hash suffix such as ``libharfbuzz.so.*`` leaves the pygame wheel's own ``libharfbuzz-<hash>.so`` alone)."""


def keep_binary(name: str) -> bool:
    """False for a library of :data:`UNNEEDED_BINARIES` (``name`` is its path inside the app).

    >>> keep_binary("PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so")
    False
    >>> keep_binary("libharfbuzz-672f7280.so.0.61430.0"), keep_binary("libharfbuzz.so.0")
    (True, False)
    """
    base = Path(name).name
    return not any(fnmatch(base, pattern) for pattern in UNNEEDED_BINARIES)


def keep_data(name: str) -> bool:
    """False for a data file of another language than :data:`LANGUAGES` (``name`` is its path inside the app).

    Babel's CLDR data (``babel/locale-data``, 35 MB for every language) keeps ``root`` and the English and Spanish
    locales: ``en_US`` and ``es_US`` (:data:`trainer.i18n.formats.CLDR_LOCALES`) load ``en``, ``es``, ``es_419``
    and ``root``, and any other English or Spanish locale keeps working. Qt's translations
    keep Qt's own Spanish texts (``qtbase_es.qm``, loaded by ``trainer.gui.language``).

    >>> keep_data("babel/locale-data/es_419.dat"), keep_data("babel/locale-data/root.dat")
    (True, True)
    >>> keep_data("babel/locale-data/fr.dat"), keep_data("babel/locale-data/ese.dat")
    (False, False)
    >>> keep_data("PySide6/Qt/translations/qtbase_es.qm"), keep_data("PySide6/Qt/translations/qtbase_de.qm")
    (True, False)
    """
    path = PurePosixPath(name.replace("\\", "/"))
    if path.parent.as_posix().endswith("babel/locale-data") and path.suffix == ".dat":
        locale = path.stem
        return locale == "root" or locale.split("_")[0] in LANGUAGES
    if path.parent.as_posix().endswith("Qt/translations") and path.suffix == ".qm":
        language = re.search(r"_([a-z]{2,3})(?:_[A-Z]{2})?$", path.stem)  # qt_help_pt_BR: pt
        return language is not None and language.group(1) in LANGUAGES
    return True


def _is_data(path: Path, folder: Path) -> bool:
    inside = path.relative_to(folder).parts
    return path.is_file() and path.suffix not in CODE_SUFFIXES and not SKIPPED_DIRS.intersection(inside)


def _walk(folder: Path, dest: str) -> list[tuple[str, str]]:
    """``(source file, destination folder)`` for every data file under ``folder``, ``dest`` standing for it."""
    pairs = []
    for path in sorted(folder.rglob("*")):
        if _is_data(path, folder):
            sub = path.parent.relative_to(folder).as_posix()
            pairs.append((str(path), dest if sub == "." else f"{dest}/{sub}"))
    return pairs


def force_included(root: Path) -> dict[str, str]:
    """The wheel's ``force-include`` table of ``pyproject.toml``: source folder → folder inside the wheel."""
    with open(root / "pyproject.toml", "rb") as handle:
        config = tomllib.load(handle)
    table = config.get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {}).get("wheel", {})
    return dict(table.get("force-include", {}))


def data_files(root: Path) -> list[tuple[str, str]]:
    """Every data file the app ships as PyInstaller ``datas``: ``(source file, destination folder)`` pairs."""
    pairs = _walk(root / "trainer", "trainer")
    for source, dest in force_included(root).items():
        path = root / source
        if path.is_dir():
            pairs.extend(_walk(path, dest))
        elif path.is_file():
            pairs.append((str(path), str(Path(dest).parent.as_posix())))
    return pairs


def excluded(module: str) -> bool:
    """True for a module of :data:`EXCLUDED_PACKAGES`."""
    return any(module == name or module.startswith(name + ".") for name in EXCLUDED_PACKAGES)
