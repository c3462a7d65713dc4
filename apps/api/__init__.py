"""The public JSON API of docs/protocol.md (``/api/``) and per-user API tokens for programs."""
