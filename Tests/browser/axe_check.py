"""axe-core (Deque's accessibility engine) run on a page the tests have open.

The engine is the axe.min.js that PyPI's axe-playwright-python carries (axe-core 4.12; scripts/browser-test
installs the package without its Playwright dependency, for this file alone): it is injected into the page and
run there, and its violations come back as dictionaries (`id`, `impact`, `help`, `nodes`).
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

# The impacts that fail a test; "minor" and "moderate" are printed only.
FAILING = ("serious", "critical")


def axe_source() -> str:
    """axe.min.js, found without importing its package (whose __init__ imports Playwright)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe-playwright-python is not installed: scripts/browser-test installs it "
                           "(python3 -m pip install --no-deps axe-playwright-python)")
    return (Path(spec.submodule_search_locations[0]) / "axe.min.js").read_text()


_SOURCE: str | None = None


def axe_violations(driver) -> list[dict]:
    """axe's violations on the page as it is now (WCAG 2.0–2.2 A and AA, and best practices)."""
    global _SOURCE
    if _SOURCE is None:
        _SOURCE = axe_source()
    driver.execute_script(_SOURCE)
    driver.set_script_timeout(60)
    result = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, { resultTypes: ['violations'] })
          .then(r => done(r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({ target: n.target.join(' '), summary: n.failureSummary })) }))))
          .catch(e => done({ error: String(e) }));
    """)
    if isinstance(result, dict) and "error" in result:
        raise RuntimeError(f"axe.run failed: {result['error']}")
    return result


def counts_by_rule(violations: list[dict]) -> Counter:
    """How many nodes break each rule, keyed "rule (impact)"."""
    return Counter({f"{v['id']} ({v['impact']})": len(v["nodes"]) for v in violations})


def failing(violations: list[dict]) -> list[dict]:
    """The violations of serious or critical impact."""
    return [v for v in violations if v["impact"] in FAILING]
