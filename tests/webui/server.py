"""A real panel server in a subprocess, and a small cookie-keeping HTTP client for it."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`mahjong-table serve` on a free loopback port with its own data folder."""

    def __init__(self, data: Path, camera: str = "demo", port: int | None = None):
        self.data, self.camera = data, camera
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log = data.parent / f"server-{self.port}.log"

    def start(self, timeout: float = 30.0) -> Server:
        command = [sys.executable, "-m", "mahjong_table", "serve", "--port", str(self.port)]
        command += ["--data", str(self.data), "--camera", self.camera]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=os.environ.copy()
            )
        ends = time.monotonic() + timeout
        while time.monotonic() < ends:
            if self.process.poll() is not None:
                raise RuntimeError(f"the panel stopped at start:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/api/table", timeout=2):
                    return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the panel did not answer within {timeout}s:\n{self.log.read_text()}")

    @property
    def pin(self) -> str:
        return (self.data / "pin").read_text().strip()

    def kill(self) -> None:
        """kill -9: no chance to clean up."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Browser:
    """A phone for the load tests: keeps its cookies and CSRF token, speaks JSON."""

    def __init__(self, url: str, pin: str | None = None):
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        with self.opener.open(url + "/", timeout=10) as page:
            html = page.read().decode()
        boot = re.search(r'id="boot">(.*?)</script>', html, re.S).group(1)
        self.csrf = json.loads(boot)["csrf"]
        if pin:
            status, _ = self.call("POST", "/api/unlock", {"pin": pin})
            assert status == 200

    def call(self, method: str, path: str, body=None, timeout: float = 20.0):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("X-CSRF-Token", self.csrf)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read() or b"{}")
