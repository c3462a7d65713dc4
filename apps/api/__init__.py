"""The public JSON API of PROTOCOL.md (``/api/``) and per-user API tokens for programs."""
