#!/usr/bin/env bash
# The Kubernetes manifests (deploy/kubernetes/), checked offline: no cluster runs here.
# 1. Every manifest against the Kubernetes JSON schemas of two versions (PyPI kubernetes-validate,
#    which ships them), strictly: an unknown field is an error.
# 2. The manifests agree with each other: the shard Job's completions, parallelism and SHARDS, the
#    merge Job's SHARDS and RUN_ID, the volume claim's name, the image.
# 3. The pods' own shell scripts run on this machine: each shard pod's (JOB_COMPLETION_INDEX 0…N-1,
#    /results a temporary folder, a short smoke profile) in parallel against one `gbfuzz serve`,
#    then the merge pod's, which must merge every shard and exit 0.
#
#   scripts/validate-k8s.sh          # BIN: a gbfuzz binary instead of this tree's release build
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c "import kubernetes_validate" 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check kubernetes-validate
MANIFESTS=(deploy/kubernetes/*.yaml)
for version in 1.31.0 1.37.0; do
    python3 -m kubernetes_validate --strict --quiet -k "$version" "${MANIFESTS[@]}"
done
echo "validate-k8s: ${#MANIFESTS[@]} manifests valid against the Kubernetes 1.31 and 1.37 schemas (strict)"

WORK="$(mktemp -d)"
PRIO=()
# shellcheck source=lib/serve.sh
source scripts/lib/serve.sh
ensure_bin
trap 'stop_server; rm -rf "$WORK"' EXIT

# Extracts the pod scripts with the consistency checks; prints SHARDS.
N=$(python3 - "$WORK" <<'PY'
import sys, yaml
work = sys.argv[1]
def load(name):
    with open(f"deploy/kubernetes/{name}") as f:
        return yaml.safe_load(f)
shards, merge, pvc = load("shards-job.yaml"), load("merge-job.yaml"), load("results-pvc.yaml")
def container(job):
    return job["spec"]["template"]["spec"]["containers"][0]
def env(job):
    return {e["name"]: e.get("value") for e in container(job)["env"]}
problems = []
n = int(env(shards)["SHARDS"])
spec = shards["spec"]
if spec["completionMode"] != "Indexed":
    problems.append("the shard Job is not Indexed")
if not (spec["completions"] == spec["parallelism"] == n):
    problems.append(f"completions {spec['completions']}, parallelism {spec['parallelism']} and SHARDS {n} differ")
for key in ("SHARDS", "RUN_ID"):
    if env(merge)[key] != env(shards)[key]:
        problems.append(f"{key} differs: shards {env(shards)[key]}, merge {env(merge)[key]}")
for job in (shards, merge):
    claims = [v["persistentVolumeClaim"]["claimName"] for v in job["spec"]["template"]["spec"]["volumes"]]
    if claims != [pvc["metadata"]["name"]]:
        problems.append(f"{job['metadata']['name']} mounts {claims}, not {pvc['metadata']['name']}")
if container(shards)["image"] != container(merge)["image"]:
    problems.append("the two Jobs run different images")
if problems:
    print("validate-k8s: " + "; ".join(problems), file=sys.stderr)
    sys.exit(1)
for name, job in (("shard", shards), ("merge", merge)):
    script = container(job)["args"][0].replace("/results", f"{work}/results")
    with open(f"{work}/{name}.sh", "w") as f:
        f.write(script)
print(n)
PY
)
echo "validate-k8s: the manifests agree ($N shards); running the pods' scripts here"

start_server
mkdir -p "$WORK/bin" && ln -s "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" "$WORK/bin/gbfuzz"
pod() { # pod SCRIPT INDEX: one pod's script with the environment the manifests give it, shortened
    env PATH="$WORK/bin:$PATH" JOB_COMPLETION_INDEX="$2" SHARDS="$N" RUN_ID=validate SEED=1 DURATION=3s \
        PROFILE=profiles/smoke.yaml TARGET="$URL" /bin/sh -c "$(cat "$WORK/$1.sh")"
}
pids=()
for k in $(seq 0 $((N - 1))); do
    pod shard "$k" >"$WORK/shard-$k.log" 2>&1 &
    pids+=($!)
done
for k in $(seq 0 $((N - 1))); do
    if ! wait "${pids[$k]}"; then
        echo "validate-k8s: the shard pod with JOB_COMPLETION_INDEX $k failed:" >&2
        tail -n 20 "$WORK/shard-$k.log" >&2
        exit 1
    fi
done
stop_server
status=0
pod merge 0 >"$WORK/merge.log" 2>&1 || status=$?
if [ "$status" -ne 0 ] || [ ! -f "$WORK/results/validate/merged/summary.json" ]; then
    echo "validate-k8s: the merge pod exited $status:" >&2
    cat "$WORK/merge.log" >&2
    exit 1
fi
echo "validate-k8s: $N shard pods and the merge pod ran: $(grep -m1 'requests in' "$WORK/merge.log")"
