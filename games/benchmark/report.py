"""The bench's targets, its JSON report and the table it prints."""

from __future__ import annotations

import json
from pathlib import Path

# Reported next to the figures, never enforced.
RATIO_TARGETS = {"game": 0.30, "fragment": 0.40, "watch": 0.70}
P99_TARGET_MS = 50.0
FIRST_LOAD_TARGET_BYTES = 30 * 1024


def judge(endpoints: list[dict]) -> None:
    """Add each endpoint's throughput ratio to /healthz (same run) and its verdicts."""
    base = next((e["rps"] for e in endpoints if e["key"] == "healthz" and e["available"]), 0)
    for endpoint in endpoints:
        if not endpoint["available"]:
            continue
        endpoint["ratio_to_healthz"] = round(endpoint["rps"] / base, 4) if base else None
        target = RATIO_TARGETS.get(endpoint["key"])
        endpoint["target_ratio"] = target
        endpoint["meets_ratio"] = (
            None if target is None or base == 0 else endpoint["ratio_to_healthz"] >= target
        )
        endpoint["meets_p99"] = endpoint["p99_ms"] < P99_TARGET_MS


def write(report: dict, path: Path) -> None:
    path.write_text(json.dumps(report, indent=2) + "\n")


def _kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


def _verdict(value: bool | None) -> str:
    return {True: "ok", False: "MISS", None: ""}[value]


def _queries(endpoint: dict) -> str:
    value = endpoint.get("queries")
    if isinstance(value, dict):
        return " + ".join(f"{count}" for count in value.values())
    if "queries_first" in endpoint:
        return f"{endpoint['queries_first']}/{value}"
    return "" if value is None else str(value)


def render(report: dict) -> str:
    load = report["load"]
    lines = [
        f"Spades scorekeeper bench: {report['database']['description']}; gunicorn "
        f"{report['server']['workers']} workers on {report['server']['address']}, DEBUG off",
        f"wrk {load['connections']} connections ({load['threads']} threads), "
        f"{load['duration_s']} s per endpoint after a {load['warmup_s']} s warm-up",
        "",
        f"{'endpoint':<30}{'req/s':>9}{'vs /healthz':>13}{'target':>9}  "
        f"{'p50':>7}{'p95':>7}{'p99 ms':>8}{'<50':>6}{'queries':>9}{'errors':>8}",
    ]
    for e in report["endpoints"]:
        if not e["available"]:
            lines.append(f"{e['label']:<30}not available: {e['reason']}")
            continue
        ratio = e.get("ratio_to_healthz")
        target = e.get("target_ratio")
        target_text = f">={target:.0%}" if target is not None else ""
        verdict = _verdict(e.get("meets_ratio")) if target is not None else ""
        errors = e["non_2xx_3xx"] + e["socket_errors"]
        lines.append(
            f"{e['label']:<30}{e['rps']:>9.1f}"
            f"{'' if ratio is None else f'{ratio:.0%}':>8} {verdict:<4}{target_text:>9}  "
            f"{e['p50_ms']:>7.1f}{e['p95_ms']:>7.1f}{e['p99_ms']:>8.1f}"
            f"{_verdict(e['meets_p99']):>6}{_queries(e):>9}{errors:>8}"
        )
        if e.get("posts"):
            p = e["posts"]
            lines.append(
                f"{'':<30}posts: {p.get('ok', 0)} recorded, {p.get('conflict', 0)} conflicts, "
                f"{p.get('invalid', 0)} refused, {p.get('other', 0)} other"
            )
    engine = report["engine"]
    lines += [
        "queries: a first request / the same request again (caches warm); a hand: bids + tricks",
        "",
        f"engine: {engine['hands_per_second']:,.0f} hands per second "
        f"(a {engine['hands']}-hand game, best of {engine['repeat']})",
    ]
    first = report["bytes"]["first_page_load"]
    lines.append(
        f"first page load: {_kb(first['bytes'])} compressed "
        f"(target < {_kb(first['target_bytes'])}: {_verdict(first['meets_target'])})"
    )
    for part in first["parts"]:
        lines.append(
            f"    {part['path']:<52}{part['encoding']:>9}{_kb(part['bytes']):>10}"
            f"  (from {_kb(part['uncompressed'])})"
        )
    swap = report["bytes"]["htmx_swap"]
    part = swap["parts"][0]
    lines.append(
        f"htmx swap (standings fragment): {_kb(swap['bytes'])} {part['encoding']} "
        f"(from {_kb(part['uncompressed'])})"
    )
    return "\n".join(lines)
