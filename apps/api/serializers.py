"""Shapes of the API's requests (validated here) and answers (for the OpenAPI schema).

Requests are checked for form only (types, known games and levels); the rules of seats, owners
and options stay in the seating services (apps.tables.seating) and the rules engine.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from apps.rules.api import GAMES
from apps.rules.seating import DURAK_SEAT_COUNTS
from apps.tables.models import BOT_LEVELS

#: Seats are 0..3, or 0..5 at a six-seat Durak table (the services check the table's own count).
MAX_SEAT = 5


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable snake_case code (`seat_taken`, `invalid_options` ...).")
    message = serializers.CharField(help_text="In the user's language.")
    errors = serializers.DictField(
        child=serializers.CharField(), required=False, help_text="Per field, what is wrong (400 only)."
    )
    rule = serializers.CharField(required=False, help_text="The rules engine's own code, when it refused.")


# --------------------------------------------------------------------------- requests


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(max_length=1024, trim_whitespace=False, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`; shown only once.")


class BotsField(serializers.DictField):
    """``{"<seat>": "easy"|"normal"|"hard"}``: keys are seat numbers as strings."""

    child = serializers.ChoiceField(choices=BOT_LEVELS)

    def to_internal_value(self, data) -> dict[int, str]:
        levels = super().to_internal_value(data)
        out = {}
        for key, level in levels.items():
            if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 2):
                raise serializers.ValidationError(_("Ключи — номера мест: «0»…«5»."))
            out[int(key)] = level
        return out


class TableCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=sorted(GAMES))
    options = serializers.DictField(required=False, default=dict, help_text="docs/rules.md; defaults filled.")
    bots = BotsField(required=False, default=dict)
    seat = serializers.IntegerField(required=False, default=0, min_value=0, max_value=MAX_SEAT)
    private = serializers.BooleanField(
        required=False, default=False, help_text="Extension: hidden from the lobby list (default false)."
    )
    rated = serializers.BooleanField(
        required=False,
        default=None,
        allow_null=True,
        help_text="Extension «на рейтинг»: true rated (bots at their fixed ratings), false casual, "
        "null (default) rated when every player is a person.",
    )
    seat_count = serializers.ChoiceField(
        choices=list(DURAK_SEAT_COUNTS),
        required=False,
        allow_null=True,
        default=None,
        help_text="Extension: Durak's seats, 2..6 (default 4); other games seat their players.",
    )


class SitSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=MAX_SEAT)
    invite = serializers.CharField(
        required=False, max_length=64, help_text="Extension: a private table's invite code (lets you in)."
    )


class BotSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=MAX_SEAT)
    level = serializers.ChoiceField(choices=BOT_LEVELS, allow_null=True, help_text="null removes the bot.")


class OptionsSerializer(serializers.Serializer):
    options = serializers.DictField()


class ReadySerializer(serializers.Serializer):
    ready = serializers.BooleanField(required=False, default=True)
    client_seed = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=200,
        help_text=(
            "Extension (docs/rules.md §3): the caller's client seed for the next match's deals, 1-64 "
            "printable ASCII characters other than ':' and '|' (else 400 bad_client_seed); "
            "409 client_seed_closed once the match has started."
        ),
    )


class TableQuerySerializer(serializers.Serializer):
    """``?game=&status=``: an empty value means no filter."""

    game = serializers.ChoiceField(choices=sorted(GAMES), required=False, allow_blank=True)
    status = serializers.ChoiceField(choices=["waiting", "playing"], required=False, allow_blank=True)


# --------------------------------------------------------------------------- answers


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    bot = serializers.ChoiceField(choices=BOT_LEVELS, allow_null=True)
    ready = serializers.BooleanField()
    rating = serializers.CharField(
        required=False, allow_null=True, help_text="Extension (the list): the rating in the table's mode."
    )


class TableSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    options = serializers.DictField()
    status = serializers.ChoiceField(choices=["waiting", "playing", "finished"])
    private = serializers.BooleanField()
    rated = serializers.BooleanField(allow_null=True, help_text="«На рейтинг»: null = only people.")
    seats = SeatSerializer(many=True)


class MatchResultSerializer(serializers.Serializer):
    winners = serializers.ListField(child=serializers.IntegerField())
    reason = serializers.CharField(allow_null=True)


class TableSerializer(TableSummarySerializer):
    match = serializers.IntegerField(allow_null=True, help_text="The table's current (or last) match.")
    owner = serializers.IntegerField(allow_null=True, help_text="User id of who sets options and bots.")
    you = serializers.IntegerField(allow_null=True, help_text="Your seat at this table, or null.")
    result = MatchResultSerializer(allow_null=True, help_text="The match's result once it is over.")
    fairness = serializers.DictField(
        allow_null=True,
        help_text=(
            "Extension (docs/rules.md §3): algorithm and commitment; once the match is over also "
            "server_seed, client_seeds and next_commitment."
        ),
    )
    invite = serializers.CharField(
        required=False, help_text="Private tables, for the owner only: the invite code (link `/t/<invite>/`)."
    )


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    user = serializers.IntegerField(allow_null=True)
    bot = serializers.CharField(allow_null=True)


class RatingChangeSerializer(serializers.Serializer):
    mode = serializers.CharField(help_text="The rating mode (docs/protocol.md «Ratings»).")
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    delta = serializers.IntegerField()
    provisional = serializers.BooleanField()
    delta_text = serializers.CharField(help_text="«+12», «−7», «±0».")


class ResultSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    game = serializers.CharField()
    options = serializers.DictField()
    mode = serializers.CharField()
    finished_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField()
    seat = serializers.IntegerField()
    side = serializers.IntegerField(allow_null=True)
    partners = PlayerSerializer(many=True)
    opponents = PlayerSerializer(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    score = serializers.IntegerField(allow_null=True)
    outcome = serializers.ChoiceField(choices=["win", "loss", "draw", "fool", "void"])
    ending = serializers.CharField()
    ended_by = serializers.IntegerField(allow_null=True)
    deals = serializers.IntegerField()
    rating = RatingChangeSerializer(allow_null=True, help_text="Extension: a rated match's change or null.")


class RecordSerializer(serializers.Serializer):
    """A scenario file (docs/rules.md §2)."""

    name = serializers.CharField()
    game = serializers.CharField()
    options = serializers.DictField()
    dealer = serializers.IntegerField(allow_null=True)
    seed = serializers.IntegerField()
    deals = serializers.ListField(child=serializers.DictField())
    seats = serializers.ListField(child=serializers.IntegerField(), required=False)
    expect = serializers.DictField(required=False)
    fairness = serializers.DictField(
        required=False,
        help_text="Extension (docs/rules.md §3): algorithm, commitment, server_seed, client_seeds.",
    )
