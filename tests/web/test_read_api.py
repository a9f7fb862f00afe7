"""``POST /api/read`` (issue 40): a screenshot sent to a live ``cnfsweep serve`` comes back as the board and its reading.

Each request goes over HTTP to a real server on 127.0.0.1 (worker processes, as users run it), with
pictures of the corpus (``corpus/page``, labels from the page's own state).  The answer must hold the
board as ``POST /api/board`` gives it and the reading exactly as ``cnfsweep read --json`` prints it;
every bad picture is a 4xx with the CLI's one line.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from benchmarks.harness.server import live_server
from cnfsweep.cli import app
from tests.paths import ROOT

pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

CORPUS = ROOT / "corpus" / "page"
#: A limit below the corpus pictures' sizes but above a small one's, for the 413.
LIMIT = 20_000


def send(url: str, data: bytes, content_type: str = "image/png", query: str = "") -> tuple[int, dict]:
    """POST ``data`` as the body of ``/api/read``; the status and the JSON answer."""
    request = urllib.request.Request(f"{url}/api/read{query}", data, {"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def labels(name: str) -> list[str]:
    """The rows of a corpus picture's label file."""
    text = (CORPUS / f"{name}.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line and not line.startswith(("#", "topology:"))]


def cli(*args: str) -> tuple[int, str]:
    """``cnfsweep ARGS``: the exit code and what it printed."""
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def cli_error(*args: str) -> str:
    """The one line ``cnfsweep ARGS`` prints after ``error:``, exiting 2."""
    code, output = cli(*args)
    assert code == 2, output
    return " ".join(output.split()).removeprefix("error: ")


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """A live ``cnfsweep serve`` with a small picture limit (worker processes)."""
    with live_server(["--max-picture", str(LIMIT), "--workers", "1", "--small-workers", "0"]) as found:
        yield found


@pytest.fixture(scope="module")
def roomy_url() -> Iterator[str]:
    """A live ``cnfsweep serve`` with the default limits (worker processes)."""
    with live_server(["--workers", "1", "--small-workers", "0"]) as found:
        yield found


@pytest.mark.parametrize("name", ["square-dark-1x-0", "torus-light-1.25x-0", "hex-dark-1.5x-0"])
def test_a_screenshot_reads_back_as_the_board_and_the_clis_reading(roomy_url: str, name: str) -> None:
    path = CORPUS / f"{name}.png"
    status, doc = send(roomy_url, path.read_bytes(), query=f"?name={name}.png")
    assert status == 200, doc
    assert doc["cells"] == labels(name)
    assert doc["topology"] == name.split("-", maxsplit=1)[0]
    # The board, as POST /api/board answers its text.
    board_status, board = post_json(roomy_url, "/api/board", {"board": doc["text"]})
    assert board_status == 200
    assert {key: doc[key] for key in board} == board
    # The reading, field for field what cnfsweep read --json prints.
    code, printed = cli("read", str(path), "--json")
    assert code == 0, printed
    reading = json.loads(printed)
    assert {key: doc[key] for key in reading} == reading


def post_json(url: str, path: str, body: dict) -> tuple[int, dict]:
    """POST ``body`` as JSON; the status and the JSON answer."""
    request = urllib.request.Request(f"{url}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.status, json.loads(answer.read())


def test_the_content_type_is_not_what_tells_a_picture(roomy_url: str) -> None:
    # Told by its first bytes as the CLI tells it: a browser's or curl's guess of the type changes nothing.
    data = (CORPUS / "square-light-1.25x-0.png").read_bytes()
    status, doc = send(roomy_url, data, content_type="application/octet-stream")
    assert status == 200 and doc["cells"] == labels("square-light-1.25x-0")


def bad_pictures(tmp: Path) -> dict[str, bytes]:
    """Each kind of bad picture the CLI refuses in one line: its bytes by name."""
    from PIL import Image

    blank = tmp / "blank.png"
    Image.new("RGB", (300, 200), "white").save(blank)
    cut = tmp / "cut.png"
    with Image.open(CORPUS / "square-light-1.25x-0.png") as whole:
        whole.crop((0, 0, whole.width // 2, whole.height)).save(cut)  # half the board, cut through its cells
    broken = (CORPUS / "square-light-1.25x-0.png").read_bytes()[:300]
    return {
        "board.txt": b"1.\n..\n",
        "empty.png": b"",
        "blank.png": blank.read_bytes(),
        "cut.png": cut.read_bytes(),
        "broken.png": broken,
    }


def test_bad_pictures_are_a_400_with_the_clis_line(
    roomy_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # so the CLI names each file as the request names it
    for name, data in bad_pictures(tmp_path).items():
        (tmp_path / name).write_bytes(data)
        status, doc = send(roomy_url, data, query=f"?name={name}")
        assert status == 400, (name, doc)
        assert doc["error"] == cli_error("read", name), name


def test_a_form_is_refused_saying_how_to_send_the_picture(roomy_url: str) -> None:
    status, doc = send(roomy_url, b"--x\r\n\r\n--x--\r\n", content_type="multipart/form-data; boundary=x")
    assert status == 415 and "--data-binary" in doc["error"]


def test_a_picture_sent_as_curl_labels_it_by_default_is_read(roomy_url: str) -> None:
    # `curl --data-binary @shot.png URL` without -H says application/x-www-form-urlencoded.
    name = "square-light-1.25x-0"
    status, doc = send(
        roomy_url, (CORPUS / f"{name}.png").read_bytes(), content_type="application/x-www-form-urlencoded"
    )
    assert status == 200 and doc["cells"] == labels(name)


def test_a_picture_over_the_limit_is_a_413_naming_it(url: str) -> None:
    data = (CORPUS / "square-light-1.25x-0.png").read_bytes()
    assert len(data) > LIMIT
    status, doc = send(url, data)
    assert status == 413
    assert doc["error"] == f"the picture is over this server's limit of {LIMIT} bytes (cnfsweep serve --max-picture)"


def test_the_picture_limit_is_the_reads_alone(url: str) -> None:
    # The other routes keep --max-body; the health says both.
    with urllib.request.urlopen(f"{url}/api/health", timeout=30) as answer:
        limits = json.loads(answer.read())["limits"]
    assert limits["max_picture"] == LIMIT and limits["max_body"] == 1 << 20


def test_without_the_image_extra_the_server_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A Pillow that cannot be imported, first on the path of the server and its workers.
    fake = tmp_path / "PIL"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('no Pillow here')\n", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path}:{ROOT / 'src'}")
    data = (CORPUS / "square-light-1.25x-0.png").read_bytes()
    with live_server(["--workers", "1", "--small-workers", "0"]) as found:
        status, doc = send(found, data)
    assert status == 501
    assert "pip install 'cnfsweep[image]'" in doc["error"]
