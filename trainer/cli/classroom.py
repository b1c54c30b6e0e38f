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
        "class", help=_("a training room's class store (PostgreSQL): init, stations, status, upload"),
        description=_("A training room keeps the whole class on one PostgreSQL database, the class store."))
    actions = room.add_subparsers(dest="class_command", metavar="ACTION", required=True)
    init = actions.add_parser(
        "init", help=_("make the database a class store (or upgrade it, keeping every password)"),
        description=_("Make the database at URL (the database owner's URL) a class store, or upgrade its schema "
                      "keeping every station's and instructor's password. A new class store gets its first "
                      "instructor and its first station (station-1): the last line is that station's URL "
                      "(--store URL)."))
    init.add_argument("url", metavar="URL", help="postgresql://OWNER:PASSWORD@HOST:PORT/DATABASE")
    owner = _("the database owner's URL (postgresql://OWNER:PASSWORD@HOST:PORT/DATABASE)")
    for action, kind, text in (
            ("add-station", "station", _("a station's own login (its own password); the last line is its URL")),
            ("add-instructor", "instructor", _("an instructor's own login (its own password); the last line is "
                                               "its URL")),
            ("remove-station", "station", _("take a station's login away at once (what it sent stays)")),
            ("remove-instructor", "instructor", _("take an instructor's login away at once")),
            ("new-password", "", _("a new password for a station or an instructor (the old one stops at once); "
                                   "the last line is its URL"))):
        command = actions.add_parser(action, help=text, description=text)
        command.set_defaults(member_kind=kind)
        command.add_argument("url", metavar="URL", help=owner)
        command.add_argument("name", metavar="NAME", help=_("the station's or instructor's name (e.g. st-a)"))
    stations = actions.add_parser("stations", help=_("the class's stations and instructors, each station's items "
                                                     "and last write"))
    stations.add_argument("url", metavar="URL", help=_("the owner's or an instructor's URL"))
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
        if args.class_command == "upload":
            return _upload(args, stdout, stderr)
        return _members(args, stdout)
    except StoreError as error:
        print(f"uth-trainer class {args.class_command}: {error}", file=stderr)
        return EXIT_USAGE


def _members(args: argparse.Namespace, stdout: TextIO) -> int:
    import psycopg

    from trainer.store.classdb import (
        add_member,
        check_version,
        connect,
        members,
        new_password,
        remove_member,
        shown,
        where,
    )

    with connect(args.url) as connection:
        check_version(connection, args.url)
        try:
            if args.class_command == "stations":
                for member in members(connection):
                    if member.kind == "station":
                        line = ngettext("{name}: {count} item, last item {last}",
                                        "{name}: {count} items, last item {last}", member.items).format(
                            name=shown(member.name), count=member.items, last=member.last_write or "—")
                    else:
                        line = _("{name}: instructor").format(name=shown(member.name))
                    if member.removed:
                        line += " " + _("(removed {when})").format(when=member.removed)
                    print(line, file=stdout)
                return 0
            if args.class_command.startswith("add-"):
                address = add_member(connection, args.url, args.member_kind, args.name)
                print(_("Added {name} to {place}; its URL (keep it to that computer):").format(
                    name=args.name, place=where(args.url)), file=stdout)
                print(address, file=stdout)
                return 0
            if args.class_command.startswith("remove-"):
                remove_member(connection, args.member_kind, args.name)
                print(_("Removed {name}: it can no longer sign in; what it sent stays").format(
                    name=shown(args.name)), file=stdout)
                return 0
            address = new_password(connection, args.url, args.name)
            print(_("A new password for {name}; the old one no longer signs in:").format(name=shown(args.name)),
                  file=stdout)
            print(address, file=stdout)
            return 0
        except psycopg.errors.InsufficientPrivilege as error:
            raise StoreError(_("the user of this URL may not manage the class's logins ({reason}): use the database "
                               "owner's URL").format(reason=str(error).splitlines()[0])) from error
        except psycopg.Error as error:
            raise StoreError(f"{where(args.url)}: {str(error).splitlines()[0]}") from error


def _init(url: str, stdout: TextIO) -> int:
    import psycopg

    from trainer.store.classdb import connect, init_class, where

    with connect(url) as connection:
        try:
            setup = init_class(connection, url)
        except psycopg.errors.InsufficientPrivilege as error:
            raise StoreError(f"the user of this URL may not set up {where(url)} ({str(error).splitlines()[0]}): "
                             "use the database owner's URL, a user that may create roles") from error
        except psycopg.Error as error:
            raise StoreError(f"cannot set up {where(url)}: {str(error).splitlines()[0]}") from error
    before, after = setup.before, setup.after
    done = "is a class store" if before == 0 else (f"upgraded from schema {before}" if before < after
                                                   else "was already a class store")
    print(f"{where(url)} {done} (schema {after})", file=stdout)
    if setup.kept:
        print(ngettext("Every password is unchanged ({count} login; uth-trainer class stations URL lists them)",
                       "Every password is unchanged ({count} logins; uth-trainer class stations URL lists them)",
                       setup.kept).format(count=setup.kept), file=stdout)
    for kind, name, address in setup.made:
        if kind == "instructor":
            print(_("Instructor {name}: {url}").format(name=name, url=address), file=stdout)
    for kind, name, address in setup.made:
        if kind == "station":
            print(_("Station {name} (add one per computer: uth-trainer class add-station URL NAME):").format(
                name=name), file=stdout)
            print(address, file=stdout)
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
