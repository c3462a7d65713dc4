"""``manage.py verify_match ID``: recompute every deal of a finished match from its revealed
seeds (docs/rules.md §3) and print ✓ or ✗ per deal; exit 1 when any deal (or the commitment)
does not match, 2 when the match is unknown, not finished or from before fair deals."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from apps.rules import fairness
from apps.tables.models import Match
from apps.tables.selectors import match_record


class Command(BaseCommand):
    help = "Check every deal of a finished match against its revealed seeds (docs/rules.md §3)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args, **options) -> None:
        match = Match.objects.filter(pk=options["match_id"]).first()
        if match is None:
            raise CommandError(f"no match {options['match_id']}", returncode=2)
        if match.status != Match.Status.FINISHED:
            raise CommandError(
                f"match {match.pk} is not finished: its seeds are not revealed yet", returncode=2
            )
        record = match_record(match)
        try:
            deals = fairness.verify_deals(record)
        except ValueError as exc:
            raise CommandError(f"match {match.pk}: {exc} (dealt before fair deals)", returncode=2) from None
        fair = record["fairness"]
        committed = fairness.commitment(bytes.fromhex(fair["server_seed"])) == fair["commitment"]
        self.stdout.write(f"match {match.pk} · {fair['algorithm']} · commitment {fair['commitment']}")
        self.stdout.write(f"commitment = sha256(server seed): {'✓' if committed else '✗'}")
        for d in deals:
            self.stdout.write(f"deal {d['number'] + 1}: {'✓' if d['ok'] else '✗'}")
        if not committed or not all(d["ok"] for d in deals):
            raise CommandError(f"match {match.pk}: some deals do not match the revealed seeds", returncode=1)
        self.stdout.write(f"all {len(deals)} deals match")
