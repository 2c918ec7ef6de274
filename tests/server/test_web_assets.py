"""The static front end's caching: one content version for all web files, versioned URLs
cached for a year, the page revalidated by ETag and preloading the whole module graph."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.server.web_assets import IMMUTABLE, build_page, content_version, module_graph
from tests.serverproc import ServerProcess

WEB = Path(__file__).resolve().parents[2] / "src" / "spieltisch" / "web"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("assets") / "games.db")
    process.start()
    try:
        yield process
    finally:
        process.stop()


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


def test_the_module_graph_holds_every_module_the_front_end_ships() -> None:
    graph = set(module_graph(WEB))
    shipped = {p.relative_to(WEB).as_posix() for p in (WEB / "js").rglob("*.js")}
    assert graph == shipped, shipped ^ graph


def test_a_changed_file_changes_the_version(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "index.html").write_text(
        '<head><script type="module" src="/static/js/app.js"></script></head>'
    )
    (tmp_path / "js" / "app.js").write_text(
        'import { x } from "./b.js";\nconst later = () => import("./late.js");\n'
    )
    (tmp_path / "js" / "b.js").write_text("export const x = 1;\n")
    (tmp_path / "js" / "late.js").write_text("export const y = 1;\n")
    before = content_version(tmp_path)
    page = build_page(tmp_path).html.decode()
    assert f'src="/static/v/{before}/js/app.js"' in page
    assert f'<link rel="modulepreload" href="/static/v/{before}/js/b.js">' in page
    assert f'<link rel="modulepreload" href="/static/v/{before}/js/late.js">' in page
    (tmp_path / "js" / "b.js").write_text("export const x = 2;\n")
    assert content_version(tmp_path) != before


def test_the_page_preloads_versioned_modules_cached_for_a_year(server: ServerProcess) -> None:
    status, headers, body = fetch(server.url + "/")
    assert status == 200 and headers["cache-control"] == "no-cache"
    page = body.decode()
    preloads = re.findall(r'<link rel="modulepreload" href="(/static/v/[0-9a-f]{12}/[^"]+)">', page)
    assert len(preloads) == len(module_graph(WEB))
    assert not re.search(r'(href|src)="/static/(?!v/)', page)  # nothing unversioned left
    for url in preloads:
        status, headers, _ = fetch(server.url + url)
        assert status == 200, url
        assert headers["cache-control"] == IMMUTABLE, url
    # the page itself: a 304 when the browser has the current one
    status, _, body = fetch(server.url + "/", {"if-none-match": headers_etag(server)})
    assert status == 304 and body == b""


def headers_etag(server: ServerProcess) -> str:
    return fetch(server.url + "/")[1]["etag"]


def test_an_old_version_and_the_plain_path_are_not_kept(server: ServerProcess) -> None:
    status, headers, _ = fetch(server.url + "/static/v/000000000000/js/app.js")
    assert status == 200 and headers["cache-control"] == "no-cache"
    status, headers, _ = fetch(server.url + "/static/js/app.js")
    assert status == 200 and headers["cache-control"] == "no-cache" and "etag" in headers
    status, _, _ = fetch(server.url + "/static/v/000000000000/js/no-such-module.js")
    assert status == 404
