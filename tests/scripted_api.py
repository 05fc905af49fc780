"""A scripted Messages-API server on 127.0.0.1 for testing the real SDK without a network.

Each ``POST /v1/messages`` is recorded (JSON body and headers) and answered with the next step
of the script: a message (text and tool_use blocks), an HTTP error in the Anthropic error shape,
or a stall longer than the client's timeout. ``POST /v1/messages/count_tokens`` answers with an
estimate (4 bytes a token) unless the server is told the endpoint does not exist.

Usage reported for a message is an estimate too, and mimics prompt caching: the bytes up to the
last ``cache_control`` breakpoint a previous request already sent count as cache reads, a new
breakpoint's prefix as a cache write, the rest as plain input.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

BYTES_PER_TOKEN = 4


@dataclass(frozen=True)
class Step:
    status: int = 200
    content: list[dict[str, Any]] = field(default_factory=list)
    stop_reason: str | None = None
    usage: dict[str, int] | None = None  # None: estimated from the request
    error_type: str = ""
    error_message: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    stall_s: float = 0.0
    raw: str | None = None  # sent as it is (text/html), in place of any JSON


def raw(body: str, status: int = 200) -> Step:
    """An answer that is no Messages-API JSON: a proxy's error page, another API's reply."""
    return Step(status=status, raw=body)


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def tool_use(name: str, tool_input: Any, call_id: str | None = None) -> dict[str, Any]:
    return {
        "type": "tool_use",
        "id": call_id or f"toolu_{uuid.uuid4().hex[:20]}",
        "name": name,
        "input": tool_input,
    }


def reply(*blocks: dict[str, Any], stop_reason: str | None = None,
          usage: dict[str, int] | None = None) -> Step:
    """An assistant message; stop_reason defaults to tool_use when a block calls a tool."""
    if stop_reason is None:
        stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return Step(content=list(blocks), stop_reason=stop_reason, usage=usage)


def call(name: str, **tool_input: Any) -> Step:
    """A reply with one tool call."""
    return reply(tool_use(name, tool_input))


def api_error(status: int, error_type: str, message: str, **headers: str) -> Step:
    return Step(status=status, error_type=error_type, error_message=message, headers=headers)


def overloaded() -> Step:
    return api_error(529, "overloaded_error", "Overloaded")


def stall(seconds: float) -> Step:
    """No answer for ``seconds`` (the client times out), then a 500 nobody reads."""
    return Step(status=500, error_type="api_error", error_message="stalled", stall_s=seconds)


class ScriptedAPI:
    """Plays ``script`` in order; after the last step every request gets a non-retryable 500."""

    def __init__(self, script: list[Step], *, retry_after_ms: int | None = 1,
                 count_tokens: bool | int | str = True) -> None:
        self.script = list(script)
        # Errors carry ``retry-after-ms`` (which the SDK honours) so retries take milliseconds.
        self.retry_after_ms = retry_after_ms
        # True: answer; False: 404 as from an endpoint without it; a status: fail with it;
        # a string: answer 200 with it as it is
        self.count_tokens = count_tokens
        self.requests: list[dict[str, Any]] = []  # bodies of POST /v1/messages, in order
        self.headers: list[dict[str, str]] = []
        self.count_requests: list[dict[str, Any]] = []
        self.exhausted = False
        self._lock = threading.Lock()
        self._cached_prefixes: set[str] = set()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def remaining(self) -> int:
        return len(self.script)

    def __enter__(self) -> ScriptedAPI:
        self._thread.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._thread.is_alive():  # shutdown() waits forever on a server never started
            self._server.shutdown()
        self._server.server_close()

    def requests_seen(self, count: int, within_s: float = 10.0) -> int:
        """How many Messages requests reached the server, once ``count`` have or ``within_s``
        has passed: a client that gave up on a stalled try (its timeout) returns before the
        server's thread for the next try may have read it, on a loaded machine."""
        deadline = time.monotonic() + within_s
        while len(self.requests) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return len(self.requests)

    # ---- answering -----------------------------------------------------------------------------

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                path = self.path.split("?", 1)[0]
                raw: str | None = None
                if path == "/v1/messages/count_tokens":
                    status, payload, headers = api._count(body)
                    if isinstance(api.count_tokens, str):
                        raw = api.count_tokens
                elif path == "/v1/messages":
                    with api._lock:
                        api.requests.append(body)
                        api.headers.append({k.lower(): v for k, v in self.headers.items()})
                        step = api.script.pop(0) if api.script else None
                    status, payload, headers = api._answer(step, body)
                    raw = step.raw if step is not None else None
                    if step is not None and step.stall_s:
                        time.sleep(step.stall_s)
                else:
                    status, payload, headers = 404, _error("not_found_error", path), {}
                self._send(status, payload, headers, raw)

            def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str],
                      raw: str | None = None) -> None:
                data = json.dumps(payload).encode() if raw is None else raw.encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type",
                                     "application/json" if raw is None else "text/html")
                    self.send_header("content-length", str(len(data)))
                    self.send_header("request-id", f"req_{uuid.uuid4().hex[:16]}")
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up on a stalled answer

        return Handler

    def _count(self, body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        self.count_requests.append(body)
        if self.count_tokens is False:
            return 404, _error("not_found_error", "Not found"), {"x-should-retry": "false"}
        if isinstance(self.count_tokens, str):
            return 200, {}, {}
        if self.count_tokens is not True:
            return int(self.count_tokens), _error("api_error", "counting failed"), {}
        return 200, {"input_tokens": _tokens(json.dumps(body))}, {}

    def _answer(self, step: Step | None, body: dict[str, Any]
                ) -> tuple[int, dict[str, Any], dict[str, str]]:
        if step is None:
            self.exhausted = True
            return 500, _error("api_error", "script exhausted"), {"x-should-retry": "false"}
        if step.raw is not None:
            return step.status, {}, dict(step.headers)
        if step.status != 200:
            headers = dict(step.headers)
            if self.retry_after_ms is not None:
                headers.setdefault("retry-after-ms", str(self.retry_after_ms))
            return step.status, _error(step.error_type, step.error_message), headers
        message = {
            "id": f"msg_{uuid.uuid4().hex[:24]}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", ""),
            "content": step.content,
            "stop_reason": step.stop_reason,
            "stop_sequence": None,
            "usage": step.usage or self._estimate_usage(body, step),
        }
        return 200, message, dict(step.headers)

    def _estimate_usage(self, body: dict[str, Any], step: Step) -> dict[str, int]:
        whole = json.dumps({k: body.get(k) for k in ("tools", "system", "messages")})
        cached = _cacheable_prefix(body)
        with self._lock:
            read = max((len(p) for p in self._cached_prefixes if cached.startswith(p)), default=0)
            if cached:
                self._cached_prefixes.add(cached)
        total = _tokens(whole)
        read_tokens = _tokens(cached[:read])
        written_tokens = _tokens(cached[read:])
        return {
            "input_tokens": max(0, total - read_tokens - written_tokens),
            "output_tokens": max(1, _tokens(json.dumps(step.content))),
            "cache_creation_input_tokens": written_tokens,
            "cache_read_input_tokens": read_tokens,
        }


def _cacheable_prefix(body: dict[str, Any]) -> str:
    """The serialised request up to and including its last cache_control breakpoint."""
    parts: list[str] = []
    last = 0
    for section in ("tools", "system", "messages"):
        items = body.get(section) or []
        if isinstance(items, str):
            items = [{"type": "text", "text": items}]
        for item in items:
            blocks = item.get("content") if section == "messages" else [item]
            if isinstance(blocks, str):
                blocks = [{"type": "text", "text": blocks}]
            for block in blocks or []:
                if not isinstance(block, dict):
                    continue
                # compare content, not where this request happens to put its breakpoints
                parts.append(json.dumps({k: v for k, v in block.items() if k != "cache_control"}))
                if block.get("cache_control"):
                    last = len(parts)
    return "".join(parts[:last])


def _tokens(serialised: str) -> int:
    return len(serialised.encode()) // BYTES_PER_TOKEN


def _error(error_type: str, message: str) -> dict[str, Any]:
    return {
        "type": "error",
        "error": {"type": error_type, "message": message},
        "request_id": f"req_{uuid.uuid4().hex[:16]}",
    }
