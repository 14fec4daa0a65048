"""Accounts: argon2id password hashes, guests, bearer tokens.

A token is 32 random bytes (URL-safe base64); the database keeps only its
SHA-256, so a leaked database does not let anyone log in.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from studpoker.server.db import TokenRow, UserRow
from studpoker.server.ledger import grant

__all__ = [
    "NAME_RE",
    "Auth",
    "AuthError",
]

NAME_RE = re.compile(r"^[A-Za-z0-9_.-]{2,32}$")


class AuthError(ValueError):
    """A failed registration, login or token check; the message is safe to show."""


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Auth:
    """Password hashing and tokens, with the starting balance of new accounts."""

    def __init__(self, *, initial_balance: int = 10_000, hasher: PasswordHasher | None = None) -> None:
        self.initial_balance = initial_balance
        self.hasher = hasher or PasswordHasher()

    def _new_user(self, s: Session, name: str, password_hash: str | None, *, guest: bool) -> UserRow:
        user = UserRow(name=name, password_hash=password_hash, guest=guest, balance=0)
        s.add(user)
        s.flush()
        grant(s, user, self.initial_balance, note="new account")
        return user

    def register(self, s: Session, name: str, password: str) -> UserRow:
        """Create an account; raises :class:`AuthError` if the name is taken or invalid."""
        if not NAME_RE.match(name) or name.lower().startswith(("guest-", "bot-")):
            raise AuthError("a name is 2-32 letters, digits, '_', '.', '-' and may not start "
                            "with 'guest-' or 'bot-'")
        if not 8 <= len(password) <= 256:
            raise AuthError("a password is 8 to 256 characters")
        if s.scalar(select(UserRow.id).where(UserRow.name == name)) is not None:
            raise AuthError(f"the name {name!r} is taken")
        return self._new_user(s, name, self.hasher.hash(password), guest=False)

    def guest(self, s: Session) -> UserRow:
        """A new guest account with a random name."""
        return self._new_user(s, f"guest-{secrets.token_hex(4)}", None, guest=True)

    def login(self, s: Session, name: str, password: str) -> UserRow:
        """The account if the password matches; :class:`AuthError` otherwise."""
        user = s.scalar(select(UserRow).where(UserRow.name == name))
        if user is None or user.password_hash is None:
            self.hasher.hash(password)  # same cost either way
            raise AuthError("wrong name or password")
        try:
            self.hasher.verify(user.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise AuthError("wrong name or password") from None
        if self.hasher.check_needs_rehash(user.password_hash):
            user.password_hash = self.hasher.hash(password)
        return user

    def issue_token(self, s: Session, user: UserRow) -> str:
        """A new bearer token for ``user``."""
        token = secrets.token_urlsafe(32)
        s.add(TokenRow(token_hash=_token_hash(token), user_id=user.id))
        return token

    def user_for_token(self, s: Session, token: str) -> UserRow:
        """The account a token belongs to; :class:`AuthError` if unknown."""
        if not token or len(token) > 128:
            raise AuthError("invalid token")
        row = s.get(TokenRow, _token_hash(token))
        if row is None:
            raise AuthError("invalid token")
        user = s.get(UserRow, row.user_id)
        if user is None:  # pragma: no cover - foreign key
            raise AuthError("invalid token")
        return user

    def revoke(self, s: Session, token: str) -> None:
        """Log out: forget the token."""
        row = s.get(TokenRow, _token_hash(token))
        if row is not None:
            s.delete(row)
