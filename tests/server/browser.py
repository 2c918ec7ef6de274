"""A browser's cookie jar over HTTP for the account tests: every cookie the server sets
is kept (and an expired one dropped) and sent back, as a browser would."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from http.cookies import SimpleCookie
from typing import Any

from tests.server.client import TableClient
from tests.serverproc import ServerProcess


class Browser:
    """One browser (its own cookies) talking to a server."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.cookies: dict[str, str] = {}
        self.set_cookie_headers: list[str] = []

    @property
    def cookie(self) -> str | None:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items()) or None

    def request(
        self, method: str, path: str, body: Any = None, content_type: str = "application/json"
    ) -> tuple[int, Any]:
        """(status, JSON answer); cookies set by the answer are kept."""
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(self.server.url + path, data=data, method=method)
        if data is not None:
            request.add_header("content-type", content_type)
        if self.cookie:
            request.add_header("cookie", self.cookie)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                self._keep(response.headers.get_all("set-cookie") or [])
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            self._keep(exc.headers.get_all("set-cookie") or [])
            return exc.code, json.loads(exc.read() or b"{}")

    def _keep(self, headers: list[str]) -> None:
        self.set_cookie_headers.extend(headers)
        for header in headers:
            parsed = SimpleCookie()
            parsed.load(header)
            for name, morsel in parsed.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value

    def get(self, path: str) -> tuple[int, Any]:
        return self.request("GET", path)

    def post(self, path: str, body: Any = None) -> tuple[int, Any]:
        return self.request("POST", path, {} if body is None else body)

    def me(self) -> dict[str, Any]:
        status, answer = self.get("/api/account")
        assert status == 200, answer
        return answer  # type: ignore[no-any-return]

    def sign_up(self, username: str, password: str) -> tuple[int, Any]:
        return self.post("/api/account/signup", {"username": username, "password": password})

    def sign_in(self, username: str, password: str) -> tuple[int, Any]:
        return self.post("/api/account/signin", {"username": username, "password": password})

    def table(self, table_id: int) -> TableClient:
        """The table's WebSocket with this browser's cookies."""
        return TableClient(self.server, table_id, self.cookie)

    def new_table(self, **extra: Any) -> int:
        body = {"game": "schachogi", "opponent": "link", "seed": 1, **extra}
        status, answer = self.post("/api/tables", body)
        assert status == 200, answer
        return int(answer["id"])
