#!/usr/bin/env bash
# Renew docs/screenshots/: the table of every game at 1440×900 and 375×812, in play, at a
# deal's summary and at the match's end (tests/client/test_screenshots.py, Debian's chromium).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
KARTOCHKI_SCREENSHOTS=docs/screenshots exec ./run test tests/client/test_screenshots.py -q "$@"
