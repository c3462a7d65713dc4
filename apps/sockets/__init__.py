"""The site's WebSocket endpoints: the table socket and the lobby socket (docs/protocol.md).

The top layer of the live site: each consumer authenticates, decodes a frame and hands it to one
service of the app that owns it (``tables``, ``chat``, ``lobby``, ``social``); nothing below
imports this package.
"""
