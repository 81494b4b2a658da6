"""Development tools the tests and `make bench` share; not part of the installed app."""
