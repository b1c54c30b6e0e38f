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
    instructor = _("an instructor's URL (or the owner's)")
    for action, text, names in (
            ("reset-trainee", _("delete every item, exam attempt and review card of a trainee (the trainee stays)"),
             ("NAME",)),
            ("rename-trainee", _("give a trainee another name"), ("NAME", "NEW")),
            ("merge-trainees", _("move every item and attempt of NAME to INTO and delete NAME"), ("NAME", "INTO")),
            ("delete-trainee", _("delete a trainee with every item and attempt"), ("NAME",))):
        command = actions.add_parser(action, help=text, description=text + ". " + _(
            "What is deleted stays deleted: no station's upload brings it back."))
        command.add_argument("url", metavar="URL", help=instructor)
        for name in names:
            command.add_argument(name.lower(), metavar=name)
    backup = actions.add_parser("backup", help=_("the whole class store in one file (pg_dump)"),
                                description=_("Write the whole class store to FILE (PostgreSQL's pg_dump, its custom "
                                              "format). The stations' and instructors' logins are the server's: "
                                              "restored on the same server, every password still signs in."))
    backup.add_argument("url", metavar="URL", help=owner)
    backup.add_argument("file", metavar="FILE")
    restore = actions.add_parser("restore", help=_("put the class store back as a backup file has it (pg_restore)"),
                                 description=_("Replace what the class store holds with FILE (written by class "
                                               "backup), in one transaction: all of it or nothing."))
    restore.add_argument("url", metavar="URL", help=owner)
    restore.add_argument("file", metavar="FILE")
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
        if args.class_command in ("backup", "restore"):
            return _backup(args, stdout)
        if args.class_command.endswith(("-trainee", "-trainees")):
            return _trainees(args, stdout)
        return _members(args, stdout)
    except StoreError as error:
        print(f"uth-trainer class {args.class_command}: {error}", file=stderr)
        return EXIT_USAGE


def _backup(args: argparse.Namespace, stdout: TextIO) -> int:
    from trainer.store.classdb import backup_class, check_version, connect, restore_class, where

    if args.class_command == "backup":
        with connect(args.url) as connection:
            check_version(connection, args.url)
        backup_class(args.url, args.file)
        print(_("Backed up the class store {place} to {file}").format(place=where(args.url), file=args.file),
              file=stdout)
        return 0
    restore_class(args.url, args.file)
    print(_("Restored the class store {place} from {file}").format(place=where(args.url), file=args.file),
          file=stdout)
    return 0


def _trainees(args: argparse.Namespace, stdout: TextIO) -> int:
    import psycopg

    from trainer.store import classdb

    with classdb.connect(args.url) as connection:
        classdb.check_version(connection, args.url)
        try:
            action = args.class_command
            if action == "reset-trainee":
                count = classdb.reset_trainee(connection, args.name)
                line = ngettext("Reset {name}: {count} item deleted (with the exam attempts and review cards)",
                                "Reset {name}: {count} items deleted (with the exam attempts and review cards)",
                                count).format(name=args.name, count=count)
            elif action == "rename-trainee":
                classdb.rename_trainee(connection, args.name, args.new)
                line = _("Renamed {name} to {new}").format(name=args.name, new=args.new)
            elif action == "merge-trainees":
                count = classdb.merge_trainees(connection, args.name, args.into)
                line = ngettext("Merged {name} into {into}: {count} item moved",
                                "Merged {name} into {into}: {count} items moved", count).format(
                    name=args.name, into=args.into, count=count)
            else:
                count = classdb.delete_trainee(connection, args.name)
                line = ngettext("Deleted {name} and {count} item", "Deleted {name} and {count} items", count).format(
                    name=args.name, count=count)
        except psycopg.errors.InsufficientPrivilege as error:
            raise StoreError(_("the user of this URL may not change trainees ({reason}): use an instructor's URL")
                             .format(reason=str(error).splitlines()[0])) from error
        except psycopg.Error as error:
            raise StoreError(f"{classdb.where(args.url)}: {str(error).splitlines()[0]}") from error
    print(line, file=stdout)
    return 0


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
    from trainer.store.system import system_store_url

    url = getattr(args, "store", None) or system_store_url()
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
