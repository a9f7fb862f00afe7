"""Fixtures of the server's tests: an app under FastAPI's test client, and a live ``cnfsweep serve``."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from cnfsweep.web import Pool, Settings, create_app

from benchmarks import load


def new_client(**settings: object) -> TestClient:
    """A test client of an app with these settings (analyses in threads unless said otherwise)."""
    settings.setdefault("pool", Pool.THREAD)
    return TestClient(create_app(Settings(**settings)), raise_server_exceptions=False)


@pytest.fixture
def make_client() -> Callable[..., TestClient]:
    """Return a function that builds a test client with other settings (use it in a ``with``)."""
    return new_client


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """An app with the default limits."""
    with new_client() as c:
        yield c


@pytest.fixture(scope="module")
def tight() -> Iterator[TestClient]:
    """An app with small limits: 2,000-byte bodies, 100-cell boards."""
    with new_client(max_body=2000, max_cells=100) as c:
        yield c


@pytest.fixture(scope="session")
def live_url() -> Iterator[str]:
    """The URL of a live ``cnfsweep serve`` (worker processes, default limits) on a free local port."""
    with load.live_server() as url:
        yield url
