#!/usr/bin/env bash
# The kiosk's systemd unit stays locked down: `systemd-analyze security --offline=true` must rate
# deploy/qc-kiosk.service at 3.0 or lower (9.2 UNSAFE before it was hardened), with and without
# the drop-in for JIT GL drivers, and `systemd-analyze verify` must find nothing wrong with its
# settings. systemd-analyze comes with the `systemd` package (scripts/install-deps.sh).
#
#   scripts/check-kiosk-unit.sh [maximum exposure, default 3.0]
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-3.0}"
threshold=$(awk -v l="$limit" 'BEGIN { printf "%d", l * 10 + 0.5 }')  # systemd's scale: 0..100
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The unit as installed, and the unit with the drop-in's lines appended (what systemd merges).
cp deploy/qc-kiosk.service "$work/qc-kiosk.service"
mkdir -p "$work/jit"
cat deploy/qc-kiosk.service deploy/qc-kiosk.service.d/jit-gl-driver.conf > "$work/jit/qc-kiosk.service"

status=0
for unit in "$work/qc-kiosk.service" "$work/jit/qc-kiosk.service"; do
  name=$([ "$unit" = "$work/qc-kiosk.service" ] && echo "qc-kiosk.service" || echo "qc-kiosk.service + jit-gl-driver.conf")
  set +e
  report=$(systemd-analyze security --offline=true --threshold="$threshold" "$unit" 2>&1)
  code=$?
  set -e
  overall=$(grep -o "Overall exposure level for .*" <<<"$report" | sed 's/.*: //')
  if [ -z "$overall" ]; then
    echo "check-kiosk-unit: FAIL: systemd-analyze gave no rating for $name:"; echo "$report"; status=1
  elif [ "$code" -ne 0 ]; then
    echo "check-kiosk-unit: FAIL: $name is rated $overall, above $limit:"
    grep "✗" <<<"$report" || true
    status=1
  else
    echo "check-kiosk-unit: $name: $overall (limit $limit)"
  fi
done

# Settings systemd does not know, or values it cannot parse, are reported by verify (a missing
# binary and the man page of Documentation= are not: neither is installed here).
problems=$(systemd-analyze verify "$work/qc-kiosk.service" 2>&1 \
  | grep -v -e "is not executable: No such file or directory" -e "Command 'man " || true)
if [ -n "$problems" ]; then
  echo "check-kiosk-unit: FAIL: systemd-analyze verify:"; echo "$problems"; status=1
fi
exit $status
