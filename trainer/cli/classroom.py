"""``uth-trainer class init URL``, ``class status URL`` and ``class upload``: a training room's class store.

Errors are one line on stderr and exit status 2 (a server that cannot be reached, a wrong password, a database
that is not a class store, a schema from another version of the trainer).
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from trainer.i18n.translation import _, ngettext
from trainer.store.db import StoreError

EXIT_USAGE = 2


def add_class_parser(commands: Any) -> None:
    room = commands.add_parser(
        "class", help=_("a training room's class store (PostgreSQL): init, status, upload"),
        description=_("A training room keeps the whole class on one PostgreSQL database, the class store."))
    actions = room.add_subparsers(dest="class_command", metavar="ACTION", required=True)
    init = actions.add_parser(
        "init", help=_("make the database a class store (or upgrade it), with the station and instructor users"),
        description=_("Make the database at URL (the database owner's URL) a class store, or upgrade its schema, "
                      "and (re)make its two users with new passwords: the instructor's and the stations'. The last "
                      "line is the URL to give every station (--store URL)."))
    init.add_argument("url", metavar="URL", help="postgresql://OWNER:PASSWORD@HOST:PORT/DATABASE")
    status = actions.add_parser("status", help=_("the schema, the stations seen, the items and each station's "
                                                 "last write"))
    status.add_argument("url", metavar="URL", help=_("a class store's URL (any of its users)"))
    actions.add_parser("upload", help=_("send this station's own history (--data-dir) to the class store (--store); "
                                        "running it again adds nothing twice"))


def run_class(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    # the class store's module (and PostgreSQL's client) is loaded by the class commands alone: building the
    # command line for any other command does not load it (some 14 MB of a process)
    from trainer.store.classdb import class_status, connect

    try:
        if args.class_command == "init":
            return _init(args.url, stdout)
        if args.class_command == "status":
            with connect(args.url) as connection:
                for line in class_status(connection, args.url).lines():
                    print(line, file=stdout)
            return 0
        return _upload(args, stdout, stderr)
    except StoreError as error:
        print(f"uth-trainer class {args.class_command}: {error}", file=stderr)
        return EXIT_USAGE


def _init(url: str, stdout: TextIO) -> int:
    import psycopg

    from trainer.store.classdb import connect, make_roles, migrate, where

    with connect(url) as connection:
        try:
            before, after = migrate(connection)
            roles = make_roles(connection, url)
        except psycopg.errors.InsufficientPrivilege as error:
            raise StoreError(f"the user of this URL may not set up {where(url)} ({str(error).splitlines()[0]}): "
                             "use the database owner's URL, a user that may create roles") from error
        except psycopg.Error as error:
            raise StoreError(f"cannot set up {where(url)}: {str(error).splitlines()[0]}") from error
    done = "is a class store" if before == 0 else (f"upgraded from schema {before}" if before < after
                                                   else "was already a class store")
    print(f"{where(url)} {done} (schema {after}); new passwords for {roles.station} and {roles.instructor}",
          file=stdout)
    print(f"Instructor: {roles.instructor_url}", file=stdout)
    print(roles.station_url, file=stdout)
    return 0


def _upload(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from trainer.store.classdb import where
    from trainer.store.classroom import ClassStore

    url = getattr(args, "store", None)
    if not url:
        raise StoreError(_("name the class store: uth-trainer --store URL class upload"))
    store = ClassStore.open_class(url, getattr(args, "data_dir", None))
    try:
        for notice in store.local.notices:
            print(f"uth-trainer: {notice}", file=stderr)
        profiles, added, present = store.upload()
    finally:
        store.close()
    trainees = ngettext("{count} trainee", "{count} trainees", profiles).format(count=profiles)
    items = ngettext("{count} item added", "{count} items added", added).format(count=added)
    print(_("Uploaded this station's history to {where}: {trainees}, {items}, {present} already there").format(
        where=where(url), trainees=trainees, items=items, present=present), file=stdout)
    return 0
