"""The static front end, served so that a page load is one round of parallel requests and
a second visit none, without a build step.

At startup the server reads the web files once and takes one content hash of them all
(`WebAssets.version`). Every file is then served at `/static/v/<version>/<path>` with
`Cache-Control: public, max-age=31536000, immutable`: a changed file changes the version,
so a browser never uses a stale module and never asks again for a current one. The ES
modules import each other by relative paths, so the whole module graph stays under the
versioned prefix. The page (`/`) is rewritten to point at the versioned files and lists
every module reachable from `js/app.js` as `<link rel="modulepreload">`: the browser
fetches the graph in parallel instead of discovering it one import level per round trip.
The page itself is `no-cache` with an ETag (a 304 when nothing changed). The old paths
(`/static/<path>`) keep working, revalidated by ETag, for anything that links them.

Edits to the web files are seen after a restart (`make serve` restarts on a change of
the Python files only; a front-end developer restarts the server or sets
`SPIELTISCH_WEB_LIVE=1`, which reads the files at every page load).
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from starlette._utils import get_route_path
from starlette.requests import Request
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

#: How long a versioned file may be kept: a year (its URL changes with its content).
IMMUTABLE = "public, max-age=31536000, immutable"
#: The files whose content makes the version (everything the page loads).
SERVED = (".js", ".css", ".html", ".svg", ".png", ".woff2")

_IMPORT = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?["'](\.{1,2}/[^"']+)["']"""
    r"""|\bimport\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""",
    re.M,
)
_STATIC_REF = re.compile(r'(href|src)="/static/(?!v/)')


def module_graph(web: Path, entry: str = "js/app.js") -> list[str]:
    """The modules reachable from `entry` by imports (static ones, and dynamic ones of a
    literal relative path), as paths under `web`
    (`js/app.js`, `js/api.js`, …), in the order first met (breadth first)."""
    seen = [entry]
    index = 0
    while index < len(seen):
        current = seen[index]
        index += 1
        path = web / current
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        for static, dynamic in _IMPORT.findall(text):
            found = static or dynamic
            target = os.path.normpath(os.path.join(os.path.dirname(current), found)).replace(
                os.sep, "/"
            )
            if target not in seen and not target.startswith(".."):
                seen.append(target)
    return seen


def content_version(web: Path) -> str:
    """A short hash of every served file's path and content."""
    digest = hashlib.sha256()
    for path in sorted(p for p in web.rglob("*") if p.is_file() and p.suffix in SERVED):
        digest.update(path.relative_to(web).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


@dataclass(frozen=True)
class Page:
    """The page with versioned links and its preload list, and its ETag."""

    html: bytes
    etag: str
    version: str


def build_page(web: Path) -> Page:
    """index.html pointing at `/static/v/<version>/…`, with a modulepreload link per
    module of the graph (inserted before the page's module script)."""
    version = content_version(web)
    prefix = f"/static/v/{version}/"
    html = (web / "index.html").read_text(encoding="utf-8")
    html = _STATIC_REF.sub(lambda m: f'{m.group(1)}="{prefix}', html)
    preloads = "".join(
        f'  <link rel="modulepreload" href="{prefix}{module}">\n' for module in module_graph(web)
    )
    html = html.replace("</head>", preloads + "</head>", 1)
    data = html.encode("utf-8")
    return Page(data, '"' + hashlib.sha256(data).hexdigest()[:16] + '"', version)


class WebAssets:
    """The page and the static files of the front end in `web` (see the module)."""

    def __init__(self, web: Path, *, live: bool | None = None) -> None:
        self.web = web
        self.live = os.environ.get("SPIELTISCH_WEB_LIVE") == "1" if live is None else live
        self._page = build_page(web)
        self.files = StaticFiles(directory=web)

    @property
    def page(self) -> Page:
        if self.live:
            self._page = build_page(self.web)
        return self._page

    @property
    def version(self) -> str:
        return self.page.version

    async def index(self, request: Request) -> Response:
        """The page: `no-cache` with an ETag (a 304 when the browser has it). A visit
        sets no cookie: a guest session is made when the browser first takes a seat."""
        page = self.page
        headers = {"cache-control": "no-cache", "etag": page.etag}
        if page.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return Response(page.html, media_type="text/html", headers=headers)

    async def versioned(self, scope: Scope, receive: Receive, send: Send) -> None:
        """`/static/v/<version>/<path>`: the file, cached for a year when the version is
        the current one; an old version's URL is answered with the current file, not to be
        kept (`no-cache`), so a page open across a restart still loads."""
        version = get_route_path(scope).lstrip("/").partition("/")[0]
        current = version == self.version
        inner = dict(scope)
        inner["root_path"] = scope.get("root_path", "") + "/" + version

        async def send_cached(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 200:
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"cache-control"]
                headers.append((b"cache-control", (IMMUTABLE if current else "no-cache").encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.files(inner, receive, send_cached)

    async def plain(self, scope: Scope, receive: Receive, send: Send) -> None:
        """`/static/<path>` (unversioned): the file, revalidated at every use (ETag)."""

        async def send_revalidated(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"cache-control"]
                headers.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": headers}
            await send(message)

        await self.files(scope, receive, send_revalidated)
