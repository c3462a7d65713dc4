"""Static files storage for production."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """whitenoise's compressed manifest storage that also hashes ES-module imports.

    With the parent class alone, ``import ... from "./table/client.js";`` inside the hashed
    ``js/table.<hash>.js`` keeps naming the unhashed module, so a browser holding the long-cached
    entry point could load modules of another deploy. Django's JavaScript module support
    (``support_js_module_import_aggregation``, Django 4.2+) rewrites ``import``/``export ... from``
    and dynamic ``import("...")`` of relative URLs to the hashed names; a module's hash then
    changes whenever any module it imports changes. Imports must be relative (``./``, ``../``)
    and end with ``;`` for the rewrite to find them.
    """

    support_js_module_import_aggregation = True
