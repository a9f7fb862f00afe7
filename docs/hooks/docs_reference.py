"""Reference pages generated at build time: the CLI from the typer app, the HTTP API from its schema.

``mkdocs.yml`` names this file as a hook. A page that holds the line ``<!-- cnfsweep:cli -->``
gets every command of ``cnfsweep`` there, read from :func:`typer.main.get_command` (its usage,
help and every option with its type and default); ``<!-- cnfsweep:openapi -->`` gets every
operation and request body of the server's ``/openapi.json``, which is also written beside the
page as ``openapi.json``. Nothing is pasted by hand, so the reference cannot fall behind the code.
The functions take no MkDocs object, so the tests call them as well.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

CLI_MARK = "<!-- cnfsweep:cli -->"
OPENAPI_MARK = "<!-- cnfsweep:openapi -->"


def _cell(text: str) -> str:
    """Text fit for one cell of a Markdown table."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _code(text: str) -> str:
    """Text as code in a Markdown table cell (a code span cannot hold an escaped ``|``)."""
    return "<code>" + html.escape(" ".join(text.split())).replace("|", "&#124;") + "</code>"


def cli_markdown() -> str:
    """Return the reference of every ``cnfsweep`` command as Markdown, one section a command."""
    import typer.main

    from cnfsweep.cli import app

    group: Any = typer.main.get_command(app)
    root = group.context_class(group, info_name="cnfsweep")
    out = []
    for name in group.list_commands(root):
        command = group.get_command(root, name)
        if command is None or command.hidden:
            continue
        ctx = command.context_class(command, info_name=name, parent=root)
        out += [f"## `cnfsweep {name}`", ""]
        out += ["```text", command.get_usage(ctx).strip(), "```", ""]
        if command.help:
            out += [command.help.strip(), ""]
        # What `--help` prints for each parameter: its names, type, help, default and range.
        # (Typer may bring a click of its own, so nothing here asks for click's classes.)
        records = [param.get_help_record(ctx) for param in command.params if not getattr(param, "hidden", False)]
        rows = [f"| {_code(names)} | {_cell(text)} |" for names, text in filter(None, records)]
        if rows:
            out += ["| argument or option | what it does |", "|---|---|", *rows, ""]
    return "\n".join(out)


def openapi_schema() -> dict[str, Any]:
    """Return the server's OpenAPI document, as ``GET /openapi.json`` answers it."""
    from cnfsweep.web.app import create_app

    return create_app().openapi()


def _schema_type(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return f"[{name}](#{name.lower()})"
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_schema_type(part) for part in schema[key])
    if schema.get("type") == "array":
        return f"array of {_schema_type(schema.get('items', {}))}"
    if "enum" in schema:
        return " \\| ".join(f"`{json.dumps(value)}`" for value in schema["enum"])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    return f"`{schema['type']}`" if "type" in schema else "any"


def openapi_markdown(schema: dict[str, Any]) -> str:
    """Return every operation and request body of an OpenAPI document as Markdown."""
    out = [
        f"OpenAPI {schema['openapi']}, {schema['info']['title']} {schema['info']['version']}: "
        '<a href="openapi.json">openapi.json</a>.',
        "",
    ]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            out += [f"### `{method.upper()} {path}`", ""]
            if operation.get("description"):
                out += [operation["description"].strip(), ""]
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            if body:
                out += [f"Body: {_schema_type(body.get('schema', {}))}.", ""]
            for parameter in operation.get("parameters", []):
                out += [f"Path parameter `{parameter['name']}`: {_schema_type(parameter.get('schema', {}))}.", ""]
            out += ["| status | answer |", "|---|---|"]
            out += [
                f"| {status} | {_cell(answer.get('description', ''))} |"
                for status, answer in operation.get("responses", {}).items()
            ]
            out.append("")
    out += ["## Request bodies", ""]
    for name, body in schema.get("components", {}).get("schemas", {}).items():
        out += [f"### {name}", ""]
        if body.get("description"):
            out += [body["description"].strip(), ""]
        required = set(body.get("required", []))
        properties = body.get("properties", {})
        if properties:
            out += ["| field | type | required | default | what it is |", "|---|---|---|---|---|"]
            for field, spec in properties.items():
                default = f"`{json.dumps(spec['default'])}`" if "default" in spec else ""
                out.append(
                    f"| `{field}` | {_schema_type(spec)} | {'yes' if field in required else 'no'} | "
                    f"{default} | {_cell(spec.get('description', ''))} |"
                )
            out.append("")
    return "\n".join(out)


# -- MkDocs hook events ------------------------------------------------------------------------


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill the generated sections of a page."""
    if CLI_MARK in markdown:
        markdown = markdown.replace(CLI_MARK, cli_markdown())
    if OPENAPI_MARK in markdown:
        markdown = markdown.replace(OPENAPI_MARK, openapi_markdown(openapi_schema()))
    return markdown


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Write ``openapi.json`` beside the page that links to it."""
    if page.file.src_uri == "reference/http-api.md":
        target = Path(config["site_dir"]) / Path(page.file.dest_uri).parent / "openapi.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(openapi_schema(), indent=2) + "\n")
    return output
