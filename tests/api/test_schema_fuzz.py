"""schemathesis against ``/api/schema/`` on the live server: no 500s, no answer outside the schema.

Every operation gets bounded positive and negative examples (``MAX_EXAMPLES`` per mode), sent with a
real token; operations on a table also run on a real table of the token's user, so the lobby
services (seats, bots, options, ready, leave) answer rather than only 404.
"""

from __future__ import annotations

import json
import time

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from apps.api import tokens
from apps.tables import seating

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

#: Examples per operation and mode (the whole run stays around a minute on a busy machine).
MAX_EXAMPLES = {"positive": 10, "negative": 8}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
]


timings: list = []


def fuzz(operation, site, headers: dict, mode: GenerationMode, path_parameters: dict | None) -> None:
    """``MAX_EXAMPLES`` cases of ``operation`` in ``mode``, each called and validated."""
    start = time.monotonic()
    strategy = operation.as_strategy(generation_mode=mode, path_parameters=path_parameters)

    @given(case=strategy)
    @settings(
        max_examples=MAX_EXAMPLES[mode.value],
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate],
    )
    def run(case) -> None:
        case.call_and_validate(base_url=site.url, headers=headers, checks=CHECKS, timeout=20)

    run()
    timings.append((operation.label, mode.value, time.monotonic() - start))


def test_the_schema_holds_under_generated_requests(api_site, make_user):
    user = make_user()
    _token, key = tokens.token_create(user=user)
    headers = {"Authorization": f"Token {key}"}
    table = seating.table_create(user=user, game="bazar_blot", options={"players": 4})
    schema = schemathesis.openapi.from_url(f"{api_site.url}/api/schema/", headers=headers, timeout=20)
    failures, operations = [], 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1
        wants_table = any(p.name == "table_id" for p in operation.path_parameters)
        runs = [(GenerationMode.POSITIVE, None)]
        if operation.body or operation.query or operation.path_parameters:  # something to make invalid
            runs.append((GenerationMode.NEGATIVE, None))
        if wants_table:
            runs.append((GenerationMode.POSITIVE, {"table_id": table.pk}))
        for mode, path_parameters in runs:
            try:
                fuzz(operation, api_site, headers, mode, path_parameters)
            except (
                Exception,
                BaseExceptionGroup,
            ) as exc:  # collect every operation's failure, then report them all
                failures.append(f"{operation.label} [{mode.value} {path_parameters}]: {exc}")
    print(json.dumps({"schemathesis_seconds": [(op, mode, round(t, 1)) for op, mode, t in timings]}))
    # + ratings board, user ratings, quick play GET/POST/DELETE; tournaments (6); duplicates (4)
    assert operations == 27
    assert not failures, "\n\n".join(failures)
