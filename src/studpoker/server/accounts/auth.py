"""Accounts: argon2id password hashes, guests, bearer tokens.

A token is 32 random bytes (URL-safe base64); the database keeps only its
SHA-256, so a leaked database does not let anyone log in. A token unused for
``token_ttl`` seconds expires (sliding: every use renews it).

Hashing a password is slow and takes 64 MiB on purpose; the web layer runs it
on threads of its own, a few at a time (:class:`~studpoker.server.limits.HashGate`),
so the methods here come in two halves: the database part and the hash.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from studpoker.server.accounts.names import ACCOUNT_NAME_RE, account_name_problem, name_key, name_skeleton
from studpoker.server.db import TokenRow, UserRow, utcnow
from studpoker.server.ledger import grant

__all__ = [
    "NAME_RE",
    "Auth",
    "AuthError",
    "NameTaken",
    "token_hash",
]

NAME_RE = ACCOUNT_NAME_RE


class AuthError(ValueError):
    """A failed registration, login or token check; the message is safe to show."""


class NameTaken(AuthError):
    """A registration under a name that an account has, in any case or with look-alike
    characters (``aIice`` for ``alice``)."""


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_token_hash = token_hash


class Auth:
    """Password hashing and tokens, with the starting balance of new accounts."""

    def __init__(self, *, initial_balance: int = 10_000, hasher: PasswordHasher | None = None,
                 token_ttl: float | None = None) -> None:
        self.initial_balance = initial_balance
        self.hasher = hasher or PasswordHasher()
        self.token_ttl = token_ttl
        self._dummy: str | None = None

    def warm_up(self) -> None:
        """Compute the hash that unknown names are checked against (at start, not on a login)."""
        _ = self._dummy_hash

    @property
    def _dummy_hash(self) -> str:
        """Verified against when the name is unknown, so a wrong name costs what a wrong password does."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_hex(16))
        return self._dummy

    def _new_user(self, s: Session, name: str, password_hash: str | None, *, guest: bool) -> UserRow:
        user = UserRow(name=name, name_key=name_key(name), name_skeleton=name_skeleton(name),
                       password_hash=password_hash, guest=guest, balance=0)
        s.add(user)
        s.flush()
        grant(s, user, self.initial_balance, note="new account")
        return user

    # -------------------------------------------------------- registration

    def check_new_account(self, s: Session, name: str, password: str) -> None:
        """Refuse a bad name or password (:class:`AuthError`) or a taken name (:class:`NameTaken`)."""
        problem = account_name_problem(name)
        if problem is not None:
            raise AuthError(problem)
        check_password(password)
        self.check_name(s, name)

    def hash_password(self, password: str) -> str:
        """The argon2id hash of a password (slow, 64 MiB: run it off the event loop)."""
        return self.hasher.hash(password)

    def create_account(self, s: Session, name: str, password_hash: str) -> UserRow:
        """The new account (flushed; the caller commits, and a unique-key error means taken)."""
        return self._new_user(s, name, password_hash, guest=False)

    def register(self, s: Session, name: str, password: str) -> UserRow:
        """Create an account; raises :class:`AuthError` if the name is taken or invalid."""
        self.check_new_account(s, name, password)
        return self.create_account(s, name, self.hash_password(password))

    def guest(self, s: Session, name: str | None = None) -> UserRow:
        """A new guest account: with the nickname ``name`` (the rules of account names, and not
        taken: :class:`AuthError`, :class:`NameTaken`), else a random name."""
        if name is None:
            return self._new_user(s, f"guest-{secrets.token_hex(4)}", None, guest=True)
        self.check_name(s, name)
        return self._new_user(s, name, None, guest=True)

    def check_name(self, s: Session, name: str, *, user_id: int | None = None) -> None:
        """Refuse a name that breaks the rules of account names (:class:`AuthError`) or that
        another account has, in any case or with look-alike characters (:class:`NameTaken`;
        ``user_id``: the account that wants it). Registrations, guests' nicknames, renames and
        conversions to an account all ask here."""
        problem = account_name_problem(name)
        if problem is not None:
            raise AuthError(problem)
        other = s.scalar(select(UserRow.id).where(UserRow.name_key == name_key(name)))
        if other is not None and other != user_id:
            raise NameTaken(f"the name {name!r} is taken")
        q = select(UserRow.name).where(UserRow.name_skeleton == name_skeleton(name))
        if user_id is not None:
            q = q.where(UserRow.id != user_id)
        twin = s.scalar(q.limit(1))
        if twin is not None:  # Unicode confusables: aIice next to alice
            raise NameTaken(f"the name {name!r} looks like {twin!r}, which is taken")

    def rename(self, s: Session, user: UserRow, name: str) -> None:
        """Give an account a new name (:meth:`check_name` first): its case key and its look-alike
        key move with it, so the old name's look-alikes are free and the new one's are taken."""
        self.check_name(s, name, user_id=user.id)
        user.name = name
        user.name_key = name_key(name)
        user.name_skeleton = name_skeleton(name)

    # --------------------------------------------------------------- login

    def stored_hash(self, s: Session, name: str) -> tuple[int | None, str | None]:
        """The account id and password hash of a name (``(None, None)``: no such account)."""
        row = s.execute(select(UserRow.id, UserRow.password_hash)
                        .where(UserRow.name_key == name_key(name))).first()
        if row is None:
            return None, None
        return int(row[0]), row[1]

    def hash_to_check(self, password_hash: str | None) -> str:
        """The hash a login is checked against: the account's, or for an unknown name (or a
        guest) a dummy one, so both cost one hash."""
        return password_hash or self._dummy_hash

    def verify(self, password_hash: str | None, password: str) -> bool:
        """True if the password matches (slow, like :meth:`hash_password`, known name or not)."""
        try:
            self.hasher.verify(password_hash or self._dummy_hash, password)
        except (VerificationError, InvalidHashError):
            return False
        return password_hash is not None

    def login(self, s: Session, name: str, password: str) -> UserRow:
        """The account if the password matches; :class:`AuthError` otherwise."""
        uid, stored = self.stored_hash(s, name)
        if not self.verify(stored, password) or uid is None:
            raise AuthError("wrong name or password")
        user = s.get(UserRow, uid)
        if user is None:  # pragma: no cover - deleted meanwhile
            raise AuthError("wrong name or password")
        if stored is not None and self.hasher.check_needs_rehash(stored):
            user.password_hash = self.hasher.hash(password)
        return user

    # -------------------------------------------------------------- tokens

    def issue_token(self, s: Session, user: UserRow) -> str:
        """A new bearer token for ``user``."""
        token = secrets.token_urlsafe(32)
        now = utcnow()
        s.add(TokenRow(token_hash=token_hash(token), user_id=user.id, created_at=now, last_used_at=now))
        return token

    def user_for_token(self, s: Session, token: str) -> UserRow:
        """The account a token belongs to; :class:`AuthError` if unknown or expired.

        A use renews the token (at most once a minute a write); the caller commits.
        """
        if not token or len(token) > 128:
            raise AuthError("invalid token")
        row = s.get(TokenRow, token_hash(token))
        if row is None:
            raise AuthError("invalid token")
        now = utcnow()
        last = row.last_used_at or row.created_at
        if self.token_ttl is not None:
            idle = (now - last).total_seconds()
            if idle > self.token_ttl:
                s.delete(row)
                s.commit()
                raise AuthError("the token has expired: log in again")
            if idle > min(60.0, self.token_ttl / 100):
                row.last_used_at = now
        user = s.get(UserRow, row.user_id)
        if user is None:  # pragma: no cover - foreign key
            raise AuthError("invalid token")
        return user

    @property
    def renew_every(self) -> float:
        """A token's last use is written at most this often (seconds)."""
        return 0.0 if self.token_ttl is None else min(60.0, self.token_ttl / 100)

    def token_expiry(self, s: Session, token_hash: str, *, used: bool) -> float | None:
        """For a websocket logged in with a token (``token_hash``): the Unix time at which the
        token expires unless used again (None: tokens never expire). ``used``: the socket used
        it since it last asked, which renews it. :class:`AuthError` if it was revoked or has
        expired meanwhile (the socket must close); the caller commits."""
        row = s.get(TokenRow, token_hash)
        if row is None:
            raise AuthError("the token was revoked: log in again")
        if self.token_ttl is None:
            return None
        now = utcnow()
        last = row.last_used_at or row.created_at
        if (now - last).total_seconds() > self.token_ttl:
            s.delete(row)
            raise AuthError("the token has expired: log in again")
        if used:
            row.last_used_at = last = now
        return last.replace(tzinfo=dt.UTC).timestamp() + self.token_ttl

    def revoke(self, s: Session, token: str) -> None:
        """Log out: forget the token."""
        row = s.get(TokenRow, token_hash(token))
        if row is not None:
            s.delete(row)

    def revoke_all(self, s: Session, user_id: int) -> list[str]:
        """Forget every token of an account; returns their hashes."""
        hashes = list(s.scalars(select(TokenRow.token_hash).where(TokenRow.user_id == user_id)))
        s.execute(delete(TokenRow).where(TokenRow.user_id == user_id))
        return hashes

    def set_password(self, user: UserRow, password_hash: str) -> None:
        """Store a new password hash (the caller revokes the old tokens and commits)."""
        user.password_hash = password_hash


def check_password(password: str) -> None:
    """Refuse a password of the wrong length, or one that is not text (:class:`AuthError`)."""
    if not 8 <= len(password) <= 256:
        raise AuthError("a password is 8 to 256 characters")
    try:
        password.encode("utf-8")
    except UnicodeEncodeError:
        raise AuthError("a password is text (no lone surrogates)") from None


