from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from apps.tables import hooks


class SocialConfig(AppConfig):
    """Friends, blocks, invitations to a table, who is online, and the «Смотреть» page."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.social"
    verbose_name = _("Друзья")

    def ready(self) -> None:
        from apps.tables.signals import invite_revoked

        from .guards import see_unblocked, sit_unblocked
        from .selectors import blocked_pairs
        from .services import invitations_revoke

        hooks.guard_register("sit", sit_unblocked)
        hooks.guard_register("see", see_unblocked)
        hooks.apart_provide(blocked_pairs)
        invite_revoked.connect(invitations_revoke, dispatch_uid="social.invitations_revoke")
