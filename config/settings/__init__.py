"""Settings package: ``base`` (shared), ``dev`` (embedded default), ``test`` and ``production``."""
