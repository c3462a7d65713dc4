"""django-allauth strings whose Russian wording the site overrides in ``locale/ru``.

Listing them here keeps them in the project catalog when ``makemessages`` runs (a msgid
found in no source would be dropped). The project catalog wins over allauth's own.
"""

from django.utils.translation import gettext_noop

ALLAUTH_WORDING = [
    gettext_noop("Sign Up"),  # ru: «Регистрация» (allauth says «Зарегистрируйтесь»)
]
