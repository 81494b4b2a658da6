"""The static files storage: whitenoise's compressed, hashed files, with ES module imports
rewritten to the hashed names too (Django's public switch for it), so a module imported by
another is the same file, under the same address, as the one a page's script tag loads."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # whitenoise ships no types; its storage is a ManifestStaticFilesStorage, as typed here.
    from django.contrib.staticfiles.storage import ManifestStaticFilesStorage as Base
else:
    from whitenoise.storage import CompressedManifestStaticFilesStorage as Base


class StaticFilesStorage(Base):
    support_js_module_import_aggregation = True
