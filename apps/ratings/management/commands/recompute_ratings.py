"""``manage.py recompute_ratings``: rebuild every rating from the stored results."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from apps.ratings.services import recompute_all


class Command(BaseCommand):
    help = (
        "Rebuild all ratings and rating changes from the stored match results (deterministic: "
        "matches in the order they finished). Bans are kept."
    )

    def handle(self, *args, **options) -> None:
        counts = recompute_all()
        self.stdout.write(
            f"{counts['matches']} rated matches, {counts['ratings']} ratings, {counts['changes']} changes"
        )
