"""Fixtures of the server's tests: an app under FastAPI's test client, and a live ``cnfsweep serve``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

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


class Chromium:
    """Debian's Chromium, headless: launched when a browser test needs it, closed when the next test does not.

    The page's tests run one after another (their files are named ``test_browser*``), so it is launched once for
    all of them rather than once a module. It is closed as soon as a test that does not use it comes next:
    Playwright's synchronous API holds an event loop, and other tests run ``asyncio.run``.
    """

    def __init__(self) -> None:
        self._playwright: Any = None
        self._browser: Any = None

    def get(self) -> Any:
        """The browser, launched if it is not running."""
        if self._browser is None:
            from pagekit import ARGS, CHROMIUM, sync_api

            self._playwright = sync_api.sync_playwright().start()
            self._browser = self._playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        return self._browser

    def close(self) -> None:
        """Close the browser and Playwright, if running."""
        if self._browser is not None:
            self._browser.close()
            self._playwright.stop()
            self._browser = self._playwright = None


CHROMIUM = pytest.StashKey[Chromium]()


@pytest.fixture(scope="session")
def chromium(pytestconfig: pytest.Config) -> Iterator[Chromium]:
    """The session's :class:`Chromium` (``pagekit.browser`` gives the tests the browser itself)."""
    shared = pytestconfig.stash[CHROMIUM] = Chromium()
    yield shared
    shared.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After a test's own teardown: close the browser unless the next test uses it too."""
    result = yield
    if nextitem is None or "browser" not in getattr(nextitem, "fixturenames", ()):
        shared = item.config.stash.get(CHROMIUM, None)
        if shared is not None:
            shared.close()
    return result
