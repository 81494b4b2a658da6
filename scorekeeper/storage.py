"""Static files as whitenoise serves them (hashed names, gzip and brotli), with our own JS and CSS
stripped of comments and indentation first.

The sources stay commented for whoever reads them; a phone on a slow connection downloads
about 3 KB less on its first page. Vendored files (htmx) are left exactly as published.
"""

from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def minified(path: str, text: str) -> str:
    """The same code without comments and indentation; `path` picks the language."""
    return MINIFIERS[Path(path).suffix](text)


def ours(path: str) -> bool:
    return Path(path).suffix in MINIFIERS and not path.startswith("vendor/")


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(self, paths: dict[str, Any], dry_run: bool = False, **options: Any) -> Any:
        """Minify the collected copies in place, then hash and compress those copies (the
        hashing reads each file from where it was found unless told otherwise)."""
        if not dry_run:
            paths = dict(paths)
            for path in paths:
                if ours(path):
                    file = Path(self.path(path))
                    file.write_text(minified(path, file.read_text("utf-8")), "utf-8")
                    paths[path] = (self, path)
        yield from super().post_process(paths, dry_run, **options)
