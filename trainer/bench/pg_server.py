"""A throw-away PostgreSQL server for the tests and the class benchmark: the system's ``initdb``/``pg_ctl``
(Debian's ``postgresql`` package) in a temporary folder, on a free port of 127.0.0.1, with password sign-in.

``initdb`` refuses to run as root: as root the server runs as the ``postgres`` user (or ``nobody``), through
``setpriv``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

ADMIN = "uth_admin"


def find_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` with ``initdb`` (or the one on PATH); None when there is none."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalServer:
    """One server: :meth:`start`, :meth:`stop` (and start again), :meth:`destroy`; :meth:`create_database` gives
    a database owned by a role of its own, as a room's IT person would set one up."""

    def __init__(self, *, fsync: bool = True, tls: bool = False) -> None:
        found = find_bin()
        if found is None:
            raise RuntimeError("no PostgreSQL server here (Debian: apt-get install postgresql)")
        self.bin = found
        self.folder = Path(tempfile.mkdtemp(prefix="uth-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.password = secrets.token_hex(12)
        self.fsync = fsync
        self._user: str | None = None
        if os.geteuid() == 0:
            self._user = "postgres" if _exists("postgres") else "nobody"
            record = pwd.getpwnam(self._user)
            os.chown(self.folder, record.pw_uid, record.pw_gid)
        password_file = self.folder / "password"
        password_file.write_text(self.password + "\n", encoding="utf-8")
        if self._user:
            record = pwd.getpwnam(self._user)
            os.chown(password_file, record.pw_uid, record.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", ADMIN, "--pwfile", str(password_file), "-E", "UTF8",
                  "--locale=C.UTF-8", *(() if fsync else ("--no-sync",)), "--auth-local=scram-sha-256",
                  "--auth-host=scram-sha-256")
        password_file.unlink()
        self.tls = tls and shutil.which("openssl") is not None
        if self.tls:  # a self-signed certificate: the server also answers sslmode=require
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                            "/CN=127.0.0.1", "-keyout", str(self.folder / "server.key"), "-out",
                            str(self.folder / "server.crt")], check=True, capture_output=True)
            for name in ("server.key", "server.crt"):
                (self.folder / name).chmod(0o600)
                if self._user:
                    record = pwd.getpwnam(self._user)
                    os.chown(self.folder / name, record.pw_uid, record.pw_gid)

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.bin / program), *arguments]
        if self._user:
            record = pwd.getpwnam(self._user)
            command = ["setpriv", f"--reuid={record.pw_uid}", f"--regid={record.pw_gid}", "--clear-groups", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200 "
                   f"-c fsync={'on' if self.fsync else 'off'}")
        if self.tls:
            options += (f" -c ssl=on -c ssl_cert_file={self.folder / 'server.crt'}"
                        f" -c ssl_key_file={self.folder / 'server.key'}")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-o", options, "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, user: str = ADMIN, password: str | None = None, database: str = "postgres") -> str:
        return f"postgresql://{user}:{password or self.password}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A database ``name`` owned by the role ``name_owner`` (who may create roles); returns the owner's URL."""
        import psycopg
        from psycopg import sql

        owner, password = f"{name}_owner", secrets.token_hex(12)
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE ROLE {} LOGIN CREATEROLE PASSWORD {}").format(
                sql.Identifier(owner), sql.Literal(password)))
            admin.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(name), sql.Identifier(owner)))
        return self.url(owner, password, name)


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True
