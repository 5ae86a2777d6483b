#!/usr/bin/env bash
# Prints the test suites that carry a Swift Testing tag, one `Module.Suite` per line, read from
# their declarations (`@Suite(…, .tags(.NAME), …)` followed by `struct Suite`). scripts/test.sh
# uses it to run the `.timing` suites in a serial phase of their own.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:?usage: scripts/tagged-suites.sh TAG}"
python3 - "$tag" <<'PY'
import os, re, sys
tag = sys.argv[1]
arg = r"(?:[^()]|\((?:[^()]|\([^()]*\))*\))*"  # text with parentheses nested two deep
pattern = re.compile(
    r"@Suite\(" + arg + r"\.tags\([^)]*\." + re.escape(tag) + r"\b[^)]*\)" + arg + r"\)\s*(?:@\w+\s*)*"
    r"(?:struct|final class|class|enum)\s+(\w+)",
    re.S,
)
for module in sorted(os.listdir("Tests")):
    for folder, _, files in os.walk(os.path.join("Tests", module)):
        for f in sorted(files):
            if f.endswith(".swift"):
                for m in pattern.finditer(open(os.path.join(folder, f), encoding="utf-8").read()):
                    print(f"{module}.{m.group(1)}")
PY
