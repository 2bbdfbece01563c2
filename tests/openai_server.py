"""A local HTTP server speaking OpenAI's /v1/chat/completions, with scriptable behaviour, for tests."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# behaviour(request_json, call_index) -> (status, content_or_body, delay_s)
Behaviour = Callable[[dict, int], tuple[int, object, float]]


def completion(content: str) -> dict:
    return {"id": "cmpl-test", "object": "chat.completion", "created": 0, "model": "test-judge",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def image_urls(request: dict) -> list[str]:
    urls = []
    for message in request.get("messages", []):
        if isinstance(message.get("content"), list):
            urls += [part["image_url"]["url"] for part in message["content"] if part.get("type") == "image_url"]
    return urls


class ChatServer:
    """Start with `with ChatServer(behaviour) as s:`; `s.base_url` ends in /v1; `s.requests` records bodies."""

    def __init__(self, behaviour: Behaviour):
        self.behaviour = behaviour
        self.requests: list[dict] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
                with server._lock:
                    index = len(server.requests)
                    server.requests.append(body)
                status, content, delay = server.behaviour(body, index)
                if delay:
                    time.sleep(delay)
                payload = completion(content) if status == 200 and isinstance(content, str) else content
                data = json.dumps(payload).encode() if not isinstance(payload, bytes) else payload
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        class Server(ThreadingHTTPServer):
            request_queue_size = 256  # the default backlog of 5 drops SYNs under load (1 s retransmits)

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> ChatServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
