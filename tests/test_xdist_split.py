"""How ``python -m pytest -n auto`` splits the suite between workers (``tests/conftest.py``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from conftest import pytest_xdist_make_scheduler

pytest.importorskip("xdist", reason="pytest-xdist is not installed (test extra)")

COLLECTION = [
    "tests/a/test_one.py::test_x",
    "tests/a/test_one.py::test_y[1]",
    "tests/a/test_two.py::test_z",
    "tests/web/test_api.py::test_a",
    "tests/web/test_browser.py::test_b",
    "tests/web/test_browser_game.py::test_c",
    "tests/web/test_live.py::test_d",
    "src/cnfsweep/core/exact.py::cnfsweep.core.exact.int_text",
]


class Worker:
    """A worker as the scheduler sees it: it is sent indices into its own collection."""

    def __init__(self, name: str) -> None:
        self.name: str = name
        self.sent: list[list[str]] = []
        self.shutting_down = False
        self.gateway = SimpleNamespace(id=name)

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.append([COLLECTION[i] for i in indices])

    def shutdown(self) -> None:
        self.shutting_down = True


def config(dist: str) -> Any:
    option = SimpleNamespace(dist=dist, tx=["popen", "popen"], loadscopereorder=True)
    return SimpleNamespace(option=option, getvalue=lambda name: getattr(option, name))


def test_the_page_s_tests_go_together_to_the_first_worker_and_every_other_file_whole() -> None:
    scheduler = pytest_xdist_make_scheduler(config("load"), None)
    workers = [Worker("gw0"), Worker("gw1")]
    for worker in workers:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, list(COLLECTION))
    scheduler.schedule()
    assert workers[0].sent[0] == ["tests/web/test_browser.py::test_b", "tests/web/test_browser_game.py::test_c"]
    # The workers run what they were sent, one test after another, and are sent more until nothing is left.
    ran = dict.fromkeys(workers, 0)
    while sum(ran.values()) < len(COLLECTION):
        before = sum(ran.values())
        for worker in workers:
            for nodeid in [n for unit in worker.sent for n in unit][ran[worker] :]:
                scheduler.mark_test_complete(worker, COLLECTION.index(nodeid))
                ran[worker] += 1
        assert sum(ran.values()) > before, "tests left that no worker was sent"
    units = [unit for worker in workers for unit in worker.sent]
    # Every test once, each file in one unit.
    assert sorted(nodeid for unit in units for nodeid in unit) == sorted(COLLECTION)
    files = [{nodeid.split("::")[0] for nodeid in unit} for unit in units]
    assert all(len(f) == 1 for f in files[1:]) and len(files) == 1 + len({n.split("::")[0] for n in COLLECTION}) - 2


@pytest.mark.parametrize("dist", ["loadfile", "loadscope", "each", "worksteal"])
def test_another_dist_than_the_default_is_left_to_pytest_xdist(dist: str) -> None:
    assert pytest_xdist_make_scheduler(config(dist), None) is None
