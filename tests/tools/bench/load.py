"""wrk against the server on loopback: a Lua script per endpoint, figures read from done()."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

WRK_MISSING = "wrk is not installed: apt-get install wrk"
LINE = re.compile(r"^BENCH (\w+) (.*)$")

# Prints the run's figures as one line wrk's own output can't be mistaken for.
DONE = r"""
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH summary requests=%d duration_us=%d p50_us=%.0f p95_us=%.0f p99_us=%.0f " ..
    "status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.status, e.connect, e.read, e.write, e.timeout))
  if threads then
    local ok, conflict, invalid, other = 0, 0, 0, 0
    for _, t in ipairs(threads) do
      ok = ok + t:get("ok")
      conflict = conflict + t:get("conflict")
      invalid = invalid + t:get("invalid")
      other = other + t:get("other")
    end
    io.write(string.format("BENCH posts ok=%d conflict=%d invalid=%d other=%d\n",
      ok, conflict, invalid, other))
  end
end
"""

# Each wrk thread owns a few games (one connection per thread, so its posts are in order) and
# records a hand in each in turn: the bids, then the tricks, then on to its next game. Taking
# turns keeps every game near the length it was seeded with for the whole run, so a "20-hand
# game" is still about 20 hands long at the end. A 409 means the step was already recorded (a
# response lost between runs): count it and step past it.
POSTS = r"""
threads = {}
local counter = 0
setup = function(thread)
  counter = counter + 1
  thread:set("slot", counter)
  table.insert(threads, thread)
end

init = function(args)
  ok, conflict, invalid, other = 0, 0, 0, 0
  games = {}
  for spec in string.gmatch(args[slot], "[^,]+") do
    local id, n, step = string.match(spec, "^(%d+):(%d+):(%a+)$")
    table.insert(games, {id = id, number = tonumber(n), phase = step})
  end
  current = 1
end

request = function()
  local game = games[current]
  if game.phase == "bids" then
    return wrk.format("POST", "/games/" .. game.id .. "/bids/", nil,
      "hand=" .. game.number .. "&" .. BIDS)
  end
  return wrk.format("POST", "/games/" .. game.id .. "/tricks/", nil,
    "hand=" .. game.number .. "&" .. TRICKS)
end

local function advance()
  local game = games[current]
  if game.phase == "bids" then
    game.phase = "tricks"
  else
    game.phase = "bids"
    game.number = game.number + 1
    current = current % #games + 1
  end
end

response = function(status, headers, body)
  if status == 200 then
    ok = ok + 1
    advance()
  elseif status == 409 then
    conflict = conflict + 1
    advance()
  elseif status == 422 then
    invalid = invalid + 1
  else
    other = other + 1
  end
end
"""


def lua_string(value: str) -> str:
    if not value.isascii() or any(ch in value for ch in "\r\n\0"):
        raise ValueError(f"not a plain header value: {value!r}")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def headers_lua(headers: dict[str, str]) -> str:
    return "".join(f"wrk.headers[{lua_string(k)}] = {lua_string(v)}\n" for k, v in headers.items())


def get_script(headers: dict[str, str]) -> str:
    return 'wrk.method = "GET"\n' + headers_lua(headers) + DONE


def post_script(headers: dict[str, str], bids: dict, tricks: dict) -> str:
    form = {"Content-Type": "application/x-www-form-urlencoded", **headers}
    return (
        'wrk.method = "POST"\n'
        + headers_lua(form)
        + f"BIDS = {lua_string(urlencode(bids))}\n"
        + f"TRICKS = {lua_string(urlencode(tricks))}\n"
        + POSTS
        + DONE
    )


@dataclass
class WrkResult:
    requests: int
    duration_s: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    non_2xx_3xx: int
    socket_errors: int
    posts: dict[str, int] = field(default_factory=dict)

    @property
    def rps(self) -> float:
        return self.requests / self.duration_s if self.duration_s else 0.0


def parse_output(text: str) -> WrkResult:
    """The figures from the BENCH lines that the done() above prints."""
    found: dict[str, dict[str, int]] = {}
    for line in text.splitlines():
        match = LINE.match(line.strip())
        if match:
            pairs = (item.split("=", 1) for item in match.group(2).split())
            found[match.group(1)] = {key: int(float(value)) for key, value in pairs}
    if "summary" not in found:
        raise RuntimeError(f"wrk printed no figures:\n{text.strip()}")
    s = found["summary"]
    return WrkResult(
        requests=s["requests"],
        duration_s=s["duration_us"] / 1e6,
        p50_ms=s["p50_us"] / 1000,
        p95_ms=s["p95_us"] / 1000,
        p99_ms=s["p99_us"] / 1000,
        non_2xx_3xx=s["status"],
        socket_errors=s["connect"] + s["read"] + s["write"] + s["timeout"],
        posts=found.get("posts", {}),
    )


def wrk_path() -> str:
    path = shutil.which("wrk")
    if path is None:
        raise FileNotFoundError(WRK_MISSING)
    return path


def run_wrk(
    url: str,
    script: str,
    *,
    seconds: int,
    connections: int,
    threads: int,
    work_dir: Path,
    args: tuple[str, ...] = (),
) -> WrkResult:
    """One bounded wrk run: `seconds` long, killed if it overruns by 30 s."""
    if not url.startswith("http://127.0.0.1:"):
        raise ValueError(f"the bench only loads loopback, not {url}")
    script_path = Path(work_dir) / "bench.lua"
    script_path.write_text(script)
    command = [
        wrk_path(),
        f"--threads={threads}",
        f"--connections={connections}",
        f"--duration={seconds}s",
        "--timeout=10s",
        f"--script={script_path}",
        url,
    ]
    if args:
        command += ["--", *args]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=seconds + 30, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"wrk failed ({done.returncode}): {done.stderr.strip()}")
    return parse_output(done.stdout)
