#!/usr/bin/env bash
# Hygiene the test command enforces (docs/ARCHITECTURE.md, "Hygiene"):
#   1. `swift format lint --strict` over Sources, Tests and FuzzTargets;
#   2. no reference to documents outside the repository;
#   3. Package.swift declares exactly the modules each target's sources import.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

echo "lint: swift format" >&2
if ! swift format lint --strict --recursive Sources Tests FuzzTargets; then
    echo "lint: swift format found problems; run: swift format --in-place --recursive Sources Tests FuzzTargets" >&2
    status=1
fi

echo "lint: references outside the repository" >&2
# The project stands alone: its code and docs never point at files outside it.
if grep -rnE 'DESIGN\.md|\.\./shared|shared/(docs|research)' \
    --include='*.swift' --include='*.md' --include='*.sh' --include='*.yaml' --include='*.yml' \
    Sources Tests FuzzTargets docs scripts profiles README.md Package.swift .ci; then
    echo "lint: the lines above refer to documents outside the repository" >&2
    status=1
fi

echo "lint: Package.swift dependencies match imports" >&2
swift package dump-package >/tmp/gbfuzz-lint-package.json
if ! python3 - /tmp/gbfuzz-lint-package.json <<'PY'; then
import json, os, re, sys

package = json.load(open(sys.argv[1]))
# Modules every Swift target may import without declaring them.
system = {"Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing",
          "XCTest", "_Concurrency", "Swift", "os", "Musl"}
problems = []
for target in package["targets"]:
    if target["type"] not in ("regular", "executable", "test"):
        continue
    name = target["name"]
    declared = set()
    for dep in target.get("dependencies", []):
        kind, value = next(iter(dep.items()))
        declared.add(value[0])
    root = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
    imported = set()
    for folder, _, files in os.walk(root):
        for f in files:
            if f.endswith(".swift"):
                # Only the file's header: an `import` inside a string literal (a Python snippet
                # in a test, say) is not an import.
                for line in open(os.path.join(folder, f), encoding="utf-8"):
                    if not re.match(r"^\s*($|//|#if|#else|#elseif|#endif|import\s|@testable\s|@_exported\s)", line):
                        break
                    m = re.match(r"^\s*(?:@testable\s+|@_exported\s+)?import\s+(?:struct\s+|enum\s+|class\s+)?(\w+)", line)
                    if m:
                        imported.add(m.group(1))
    imported -= system
    missing = sorted(imported - declared)
    unused = sorted(declared - imported)
    if missing:
        problems.append(f"{name}: imports {', '.join(missing)} without declaring it in Package.swift")
    if unused:
        problems.append(f"{name}: declares {', '.join(unused)} but no source imports it")
for p in problems:
    print("lint:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
    status=1
fi
exit $status
