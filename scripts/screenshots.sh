#!/usr/bin/env bash
# Renew docs/screenshots/: the table of every game at 1440×900 and 375×812, in play, at a
# deal's summary and at the match's end (tests/client/test_screenshots.py), and the chat, rematch,
# friends and watch pages, and issue #36's pictures (first-visit hints, the bots' countdown, the
# hidden people, the header at 1366 px, the featured match; their browser tests), in Debian's chromium.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
KARTOCHKI_SCREENSHOTS=docs/screenshots exec ./run test -q "$@" \
  tests/client/test_screenshots.py tests/client/test_table_social_live.py tests/social/test_browser.py \
  tests/client/test_first_visit_hints.py tests/client/test_quick_bots_feel.py tests/client/test_hidden_people.py \
  tests/client/test_site_feel.py tests/client/test_invitations_lobby_feel.py tests/client/test_watch_featured.py
