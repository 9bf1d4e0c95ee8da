"""A FastAPI app calling read_context_files and assemble_context, driven by its TestClient:
sync endpoints run in FastAPI's thread pool, where the GIL is released while the core works,
and a bad request becomes a 422 carrying the CtxpackError's code, path and message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient

import ctxpack


def make_app(base: Path) -> FastAPI:
    app = FastAPI()
    assembler = ctxpack.ContextAssembler({"budget": {"maxChars": 2_000}})

    @app.exception_handler(ctxpack.CtxpackError)
    def refused(_: Request, e: ctxpack.CtxpackError) -> JSONResponse:
        return JSONResponse(status_code=422, content={"code": e.code, "path": e.path, "message": e.message})

    @app.post("/preload")
    def preload(body: dict[str, Any]) -> dict[str, Any]:
        result = ctxpack.read_context_files(str(base), body["paths"], {"maxTokens": body.get("maxTokens", 5_000)})
        return {"block": result["block"], "files": [(f["path"], f["reasonCode"]) for f in result["manifest"]["files"]]}

    @app.post("/context")
    def context(body: dict[str, Any]) -> dict[str, Any]:
        out = assembler.assemble(body)  # type: ignore[arg-type]
        return {"context": out["context"], "log": out["manifest"]["log"]}

    return app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "App.jsx").write_text("export default function App() { return null }\n")
    (tmp_path / ".env").write_text("API_KEY=hunter2\n")
    return TestClient(make_app(tmp_path))


def test_preload_over_http(client: TestClient) -> None:
    r = client.post("/preload", json={"paths": ["src/App.jsx", ".env", "../etc/passwd"]})
    assert r.status_code == 200
    body = r.json()
    assert "export default function App()" in body["block"]
    assert "hunter2" not in body["block"]
    assert body["files"] == [["src/App.jsx", "inlined"], [".env", "secret"], ["../etc/passwd", "path_escape"]]


def test_context_over_http(client: TestClient) -> None:
    docs = [
        {"id": "a", "schema_type": "note", "origin_type": "user_input", "created_at": "2026-03-02T10:15:00Z", "data": {"text": "hello"}},
    ]
    r = client.post("/context", json={"documents": docs, "request": "notes"})
    assert r.status_code == 200
    assert r.json()["context"] == '## note (a)\n{"text":"hello"}'


def test_a_bad_request_is_a_422_with_the_errors_fields(client: TestClient) -> None:
    r = client.post("/context", json={"documents": [7]})
    assert r.status_code == 422
    assert r.json() == {"code": "INVALID_INPUT", "path": "/documents/0", "message": "a document must be an object, got a number"}
    r = client.post("/preload", json={"paths": ["a"], "maxTokens": -1})
    assert (r.status_code, r.json()["code"], r.json()["path"]) == (422, "INVALID_BUDGET", "/maxTokens")
