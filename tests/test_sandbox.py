"""The runtime sandbox on its own (the static gate off): no eval, and no network path, TCP or UDP."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from conftest import with_setup_extra

EVALS = {
    "eval": 'eval("brush.circle(300, 300, 200, false)");',
    "indirect_eval": '(0, eval)("1 + 1");',
    "new_function": 'new Function("return 1")();',
    "constructor_chain": '(() => {})["con" + "structor"]("return this")();',
}


@pytest.mark.parametrize("stmt", EVALS.values(), ids=list(EVALS))
def test_eval_is_blocked_at_run_time(renderer, bloom_source, stmt):
    result = renderer.render(with_setup_extra(bloom_source, stmt), seed=0)
    assert not result.ok
    assert result.code == "runtime_error"
    assert "Content Security Policy" in result.message


def test_eval_at_top_level_is_blocked(renderer, bloom_source):
    result = renderer.render('const v = eval("1");\n' + bloom_source, seed=0)
    assert not result.ok and result.message.startswith("EvalError")


def test_same_sketch_without_eval_renders(renderer, bloom_source):
    assert renderer.render(with_setup_extra(bloom_source, "const v = 1 + 1;"), seed=0).ok


class Listeners:
    """A TCP and a UDP listener on loopback that count what reaches them."""

    def __init__(self) -> None:
        self.tcp = socket.socket()
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(16)
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        for s in (self.tcp, self.udp):
            s.settimeout(0.1)
        self.tcp_port, self.udp_port = self.tcp.getsockname()[1], self.udp.getsockname()[1]
        self.connections = 0
        self.datagrams = 0
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=f, daemon=True) for f in (self._accept, self._receive)]
        for t in self._threads:
            t.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.tcp.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def _receive(self) -> None:
        while not self._stop.is_set():
            try:
                self.udp.recvfrom(65536)
            except OSError:
                continue
            self.datagrams += 1

    def close(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join()
        self.tcp.close()
        self.udp.close()


def _attempts(tcp: int, udp: int) -> str:
    """Every way out we know, each recorded once tried; throws (failing the render) if one was not tried."""
    http = f"http://127.0.0.1:{tcp}"
    return f"""
      const frame = document.createElement("iframe");
      document.body.appendChild(frame);
      const api = (name) => window[name] || frame.contentWindow[name];
      const tried = [];
      const attempt = (name, fn) => {{
        try {{ fn(); tried.push(name); }} catch (e) {{ tried.push(name + "!" + e.name); }}
      }};
      attempt("fetch", () => fetch("{http}/fetch").catch(() => 0));
      attempt("xhr", () => {{ const x = new XMLHttpRequest(); x.open("GET", "{http}/xhr"); x.send(); }});
      attempt("websocket", () => new WebSocket("ws://127.0.0.1:{tcp}/ws"));
      attempt("image", () => {{ const im = new Image(); im.src = "{http}/img.png"; }});
      attempt("beacon", () => navigator.sendBeacon("{http}/beacon", "x"));
      attempt("webtransport", () => {{
        const t = new (api("WebTransport"))("https://127.0.0.1:{udp}/wt");
        t.ready.catch(() => 0); t.closed.catch(() => 0);
      }});
      attempt("webrtc", () => {{
        const pc = new (api("RTCPeerConnection"))({{ iceServers: [
          {{ urls: "stun:127.0.0.1:{udp}" }},
          {{ urls: "turn:127.0.0.1:{udp}?transport=udp", username: "u", credential: "p" }},
          {{ urls: "turn:127.0.0.1:{tcp}?transport=tcp", username: "u", credential: "p" }},
        ] }});
        pc.createDataChannel("x");
        pc.createOffer().then((o) => pc.setLocalDescription(o)).catch(() => 0);
      }});
      const failed = tried.filter((t) => t.includes("!"));
      if (tried.length !== 7 || failed.length) throw new Error("not all attempted: " + tried.join(","));
    """


def test_every_network_path_is_closed(renderer, bloom_source):
    listeners = Listeners()
    try:
        result = renderer.render(with_setup_extra(bloom_source, _attempts(listeners.tcp_port, listeners.udp_port)),
                                 seed=0)
        assert result.ok, result.message  # every attempt ran (the sketch throws otherwise)
        time.sleep(3.0)  # ICE gathering retransmits STUN for seconds; a bounded wait catches it
        reached = (listeners.connections, listeners.datagrams)
        with socket.create_connection(("127.0.0.1", listeners.tcp_port), timeout=2):
            pass
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.sendto(b"probe", ("127.0.0.1", listeners.udp_port))
        probe.close()
        deadline = time.monotonic() + 2
        while (listeners.connections, listeners.datagrams) == reached and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (listeners.connections, listeners.datagrams) == (reached[0] + 1, reached[1] + 1)  # they listen
        assert reached == (0, 0)
    finally:
        listeners.close()


def test_setup_and_draw_never_get_the_global_object_as_this(renderer, bloom_source):
    body = bloom_source.split("function draw() {", 1)[1].rsplit("}", 1)[0]
    source = bloom_source.split("function draw() {", 1)[0] + (
        "class Painter {\n  static draw() {\n    if (this !== undefined) throw new Error('this is ' + this);\n"
        + body + "\n  }\n}\nconst draw = Painter.draw;\n")
    result = renderer.render(source, seed=0)
    assert result.ok, result.message
