"""deploy/ stays consistent with the program: the compose files' services, ports,
addresses and health checks match the Containerfile, nginx.conf and the server's
routes, and every SPIELTISCH_* variable they pass is a setting the server reads, with a
value it accepts. (No container is started here: see docs/hosting.md for what was run.)"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from spieltisch.core.settings import ENV_PREFIX, Settings

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
#: Variables the image reads besides the settings: the store URL (`serve --db`) and the
#: proxies believed (`serve --forwarded-allow-ips`), both in the Containerfile's command.
IMAGE_VARIABLES = {"SPIELTISCH_DB", "FORWARDED_ALLOW_IPS"}
#: Values for the variables the compose files require (`${NAME:?…}`), as deploy/.env has.
REQUIRED = {
    "POSTGRES_PASSWORD": "pw4postgres",
    "SPIELTISCH_ADMIN_PASSWORD": "long-admin-password",
    "RAY_AUTH_TOKEN": "0123abcd",
}
_VARIABLE = re.compile(r"\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}")


def interpolated(value: Any, env: dict[str, str]) -> Any:
    """`value` with `${NAME}`, `${NAME:-default}` and `${NAME:?error}` filled in from
    `env` as compose does (a missing required one fails the test)."""
    if isinstance(value, str):

        def fill(match: re.Match[str]) -> str:
            name, how, rest = match.groups()
            if name in env:
                return env[name]
            assert how == ":-", f"${{{name}}} is required: {rest}"
            return str(rest)

        return _VARIABLE.sub(fill, value)
    if isinstance(value, dict):
        return {key: interpolated(item, env) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolated(item, env) for item in value]
    return value


def compose(name: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    raw = yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8"))
    document: dict[str, Any] = interpolated(raw, REQUIRED if env is None else env)
    return document


def merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Compose's merge of an override file: mappings merged key by key, the rest replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def containerfile() -> str:
    return (DEPLOY / "Containerfile").read_text(encoding="utf-8")


def nginx() -> str:
    return (DEPLOY / "nginx.conf").read_text(encoding="utf-8")


APPS = ("app-1", "app-2")
SETTINGS = {ENV_PREFIX + field.upper() for field in Settings.__dataclass_fields__}


def test_the_services_of_the_set() -> None:
    services = compose("compose.yaml")["services"]
    assert set(services) == {"db", "broker", "app-1", "app-2", "proxy"}
    assert services["db"]["image"].split("/")[-1].startswith("postgres:")
    assert services["broker"]["image"].split("/")[-1].startswith("redis:")
    assert services["proxy"]["image"].split("/")[-1].startswith("nginx:")
    for name, service in services.items():
        assert service["restart"] == "unless-stopped", name
        assert "healthcheck" in service, f"{name} has a health check"
    for app in APPS:
        assert services[app]["build"]["dockerfile"] == "deploy/Containerfile"
        waits = services[app]["depends_on"]
        assert waits == {
            "db": {"condition": "service_healthy"},
            "broker": {"condition": "service_healthy"},
        }
    assert services["proxy"]["depends_on"] == {
        app: {"condition": "service_healthy"} for app in APPS
    }


def test_the_replicas_are_alike_and_only_the_proxy_is_believed() -> None:
    services = compose("compose.yaml")["services"]
    first, second = (services[app] for app in APPS)
    assert first["environment"] == second["environment"]
    assert first["image"] == second["image"] and first["build"] == second["build"]
    proxy = services["proxy"]["networks"]["inner"]["ipv4_address"]
    subnet = compose("compose.yaml")["networks"]["inner"]["ipam"]["config"][0]["subnet"]
    gateway = subnet.split("/")[0].rsplit(".", 1)[0] + ".1"
    believed = first["environment"]["FORWARDED_ALLOW_IPS"].split(",")
    assert believed == [proxy, gateway], "the proxy, and a TLS proxy on the host"
    assert f'"{gateway} https" https;' in nginx(), "https is believed from the host alone"


@pytest.mark.parametrize("file", ["compose.yaml", "compose.ray.yaml"])
def test_every_variable_passed_is_a_setting_the_server_reads(file: str) -> None:
    services = compose(file)["services"]
    for app in APPS:
        for name in services[app].get("environment", {}):
            if name.startswith("RAY_"):
                continue  # Ray's own (token authentication), read by the Ray client
            if name == "SPIELTISCH_BROKER_URL" and name not in SETTINGS:
                continue  # checked, with the cluster's settings, by the test below
            assert name in SETTINGS | IMAGE_VARIABLES, f"{file}: {app} passes {name}"


def test_the_broker_variable_is_the_clusters_setting() -> None:
    if "SPIELTISCH_BROKER_URL" not in SETTINGS:
        pytest.skip("the broker's setting (broker_url) comes with the cluster's branch")
    env = compose("compose.yaml")["services"]["app-1"]["environment"]
    settings = Settings.load(environ=env)
    assert getattr(settings, "broker_url", None) == "redis://broker:6379/0"


def test_the_settings_passed_are_read_as_meant() -> None:
    base = compose("compose.yaml")
    env = base["services"]["app-1"]["environment"]
    settings = Settings.load(environ=env)
    assert (
        settings.ai_backend == "local"
        and settings.admin_password == REQUIRED["SPIELTISCH_ADMIN_PASSWORD"]
    )
    assert env["SPIELTISCH_DB"] == (
        f"postgresql+psycopg://spieltisch:{REQUIRED['POSTGRES_PASSWORD']}@db:5432/spieltisch"
    )
    assert base["services"]["db"]["environment"]["POSTGRES_USER"] == "spieltisch"
    assert base["services"]["db"]["environment"]["POSTGRES_DB"] == "spieltisch"
    host, port = re.findall(r"redis://([^:/]+):(\d+)/", env["SPIELTISCH_BROKER_URL"])[0]
    assert host == "broker" and port == "6379"
    over = compose("compose.ray.yaml")
    ray_env = merged(base, over)["services"]["app-2"]["environment"]
    on_ray = Settings.load(environ=ray_env)
    assert (on_ray.ai_backend, on_ray.ai_ray_address) == ("ray", "ray://ray-head:10001")
    assert ray_env["SPIELTISCH_DB"] == env["SPIELTISCH_DB"], "the override keeps the rest"


def test_the_proxy_routes_to_the_replicas_ports() -> None:
    services = compose("compose.yaml")["services"]
    text = nginx()
    command = re.search(r"^CMD .*$", containerfile(), re.MULTILINE)
    assert command is not None
    http = re.search(r"--port (\d+)", command.group(0))
    bots = re.search(r"--xml-port (\d+)", command.group(0))
    assert http and bots
    exposed = re.search(r"^EXPOSE (.*)$", containerfile(), re.MULTILINE)
    assert exposed and exposed.group(1).split() == [http.group(1), bots.group(1)]
    upstreams = re.findall(r"server (\d+\.\d+\.\d+\.\d+):(\d+)", text)
    addresses = [services[app]["networks"]["inner"]["ipv4_address"] for app in APPS]
    assert sorted(upstreams) == sorted(
        (address, port) for address in addresses for port in (http.group(1), bots.group(1))
    )
    assert set(services["app-1"]["expose"]) == {http.group(1), bots.group(1)}
    published = {entry.split(":")[-1] for entry in services["proxy"]["ports"]}
    assert published == {"80", "13050"}
    assert "listen 80 default_server;" in text and "listen 13050;" in text
    subnet = compose("compose.yaml")["networks"]["inner"]["ipam"]["config"][0]["subnet"]
    prefix = subnet.rsplit(".", 1)[0] + "."
    assert all(address.startswith(prefix) for address in addresses)


def test_the_proxy_upgrades_websockets_and_routes_without_stickiness() -> None:
    text = nginx()
    assert "proxy_set_header Upgrade           $http_upgrade;" in text
    assert "proxy_set_header Connection        $connection_upgrade;" in text
    for sticky in ("ip_hash", "hash ", "sticky", "least_conn"):
        assert sticky not in text, f"no {sticky!r}: any replica serves any table"
    assert "non_idempotent" not in text, "a POST that reached a replica is never resent"


def test_the_health_checks_ask_the_servers_healthz() -> None:
    from spieltisch.server.app import create_app

    paths = {getattr(route, "path", None) for route in create_app(":memory:").routes}
    assert "/healthz" in paths
    assert "HEALTHCHECK" in containerfile() and "/healthz" in containerfile()
    services = compose("compose.yaml")["services"]
    for app in APPS:
        assert "http://127.0.0.1:8000/healthz" in " ".join(services[app]["healthcheck"]["test"])
    probe = " ".join(services["proxy"]["healthcheck"]["test"])
    assert "/proxy-healthz" in probe and "location = /proxy-healthz" in nginx()


def test_the_image_is_built_in_two_stages_and_runs_unprivileged() -> None:
    text = containerfile()
    stages = re.findall(r"^FROM (\S+)(?: AS (\w+))?", text, re.MULTILINE)
    assert len(stages) == 2 and stages[0][1] == "build"
    build, run = text.split("\nFROM ", 2)[1:]
    assert "build-essential" in build and "cmake" in build and "pip wheel" in build
    assert "build-essential" not in run and "COPY --from=build" in run
    assert re.search(r"^USER spieltisch$", run, re.MULTILINE)


def test_the_extras_named_exist() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    named = set(re.search(r"ARG EXTRAS=(\S+)", containerfile()).group(1).split(","))  # type: ignore[union-attr]
    over = compose("compose.ray.yaml")["services"]["ray-head"]["build"]["args"]["EXTRAS"]
    named |= set(over.split(","))
    assert "ray" in named and "postgres" in named
    if "cluster" not in extras:
        pytest.skip("the `cluster` extra (Redis's client) comes with the cluster's branch")
    assert named <= set(extras), named - set(extras)


def test_the_ray_cluster_of_the_override() -> None:
    services = compose("compose.ray.yaml")["services"]
    head = services["ray-head"]
    assert "--head" in head["command"] and "--ray-client-server-port=10001" in head["command"]
    worker = services["ray-worker"]
    assert "--address=ray-head:6379" in worker["command"]
    for name, service in services.items():  # one token everywhere, checked by every node
        env = service["environment"]
        assert env["RAY_AUTH_MODE"] == "token", name
        assert env["RAY_AUTH_TOKEN"] == REQUIRED["RAY_AUTH_TOKEN"], name
    image = head["image"]
    assert all(service["image"] == image for service in services.values()), (
        "the cluster runs the app's own image (the searchers import the program)"
    )


def test_the_example_environment_names_every_required_variable() -> None:
    text = (DEPLOY / "env.example").read_text(encoding="utf-8")
    given = set(re.findall(r"^([A-Z0-9_]+)=", text, re.MULTILINE))
    for file in ("compose.yaml", "compose.ray.yaml"):
        source = (DEPLOY / file).read_text(encoding="utf-8")
        required = {name for name, how, _ in _VARIABLE.findall(source) if how == ":?"}
        assert required <= given, (file, required - given)


def _ignored(path: str, patterns: list[str]) -> bool:
    """Whether the image build's ignore file leaves `path` (relative to the context) out:
    the last pattern that matches it or a folder above it decides, `!` keeps it in."""
    ignored = False
    parts = path.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    for pattern in patterns:
        keep = pattern.startswith("!")
        bare = pattern.lstrip("!")
        if any(fnmatch.fnmatchcase(prefix, bare) for prefix in prefixes):
            ignored = not keep
    return ignored


def test_the_image_build_gets_everything_the_wheel_needs() -> None:
    """The build context holds what the Containerfile copies, and every link in the
    package points into it (src/spieltisch/web/rules is a link to docs/rules: without it
    the wheel cannot be built)."""
    lines = (DEPLOY / "Containerfile.dockerignore").read_text(encoding="utf-8").splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    copies = re.findall(r"^COPY (?!--from)(.+) \S+$", containerfile(), re.MULTILINE)
    sources = [source for line in copies for source in line.split()]
    assert {"pyproject.toml", "CMakeLists.txt", "README.md", "src"} <= set(sources)
    for source in sources:
        assert (ROOT / source).exists(), source
        assert not _ignored(source, patterns), f"{source} is copied but ignored"
    links = [path for path in (ROOT / "src").rglob("*") if path.is_symlink() and path.is_dir()]
    assert links, "src/spieltisch/web/rules is a link"
    for link in links:
        target = link.resolve().relative_to(ROOT).as_posix()
        assert any(target == s or target.startswith(s + "/") for s in sources), (
            f"{link.relative_to(ROOT)} points to {target}, which the image build lacks"
        )
        assert not _ignored(target, patterns), f"{target} is ignored"
    assert _ignored("src/spieltisch/_native.cpython-311-x86_64-linux-gnu.so", patterns)
    assert _ignored(".git/config", patterns) and _ignored("docs/hosting.md", patterns)
