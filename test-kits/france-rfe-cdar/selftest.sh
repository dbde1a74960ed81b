#!/bin/sh
# selftest.sh - checks that the kit works on this machine: every file in examples/valid/ must pass
# (exit 0), every file in examples/invalid/ must fail (exit 1) and name the rule given in its file
# name (examples/invalid/CDV_<RULE-ID>_<anything>.xml, e.g. CDV_BR-FR-CDV-14_encaissee-sans-montants.xml).
# Usage: selftest.sh        Exit: 0 all good, 1 otherwise.
set -u
self=$0
if resolved=$(readlink -f -- "$self" 2>/dev/null) && [ -n "$resolved" ]; then self=$resolved; fi
case $self in */*) d=${self%/*} ;; *) d=. ;; esac
KIT=$(cd -P -- "$d" && pwd) || exit 1
V=$KIT/validate-cdar.sh
out=$(mktemp 2>/dev/null || mktemp -t cdarself) || exit 1
trap 'rm -f "$out"' EXIT
fail=0

check() {  # check <expected-exit> <expected-text> <file>
    want=$1; text=$2; f=$3
    "$V" -q "$f" > "$out" 2>&1; got=$?
    if [ "$got" = "$want" ] && grep -q -- "$text" "$out"; then
        printf 'ok    %s  (exit %s, %s)\n' "${f#"$KIT"/}" "$got" "$(tail -n 1 "$out")"
    else
        printf 'FAIL  %s  (exit %s, wanted %s and "%s")\n' "${f#"$KIT"/}" "$got" "$want" "$text"
        sed 's/^/      | /' "$out"
        fail=1
    fi
}

for f in "$KIT"/examples/valid/*.xml; do
    [ -f "$f" ] && check 0 'cdar: 0 errors' "$f"
done
for f in "$KIT"/examples/invalid/*.xml; do
    [ -f "$f" ] || continue
    rule=$(basename "$f" .xml | cut -d_ -f2)
    check 1 "] $rule" "$f"
done
[ $fail = 0 ] && echo 'selftest: all good' || echo 'selftest: FAILED'
exit $fail
