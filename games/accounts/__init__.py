"""Accounts: sign-up, sign-in (with guessing slowed), sign-out, password change and reset."""
