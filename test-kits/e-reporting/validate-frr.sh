#!/bin/sh
# validate-frr.sh - checks an e-reporting file (flux 10, flow syntax FRR) against Carnet's schema of it (frr.xsd).
#
# Usage: validate-frr.sh report.xml
#
# Output: one line per violation, "  ERROR   [XSD] line N: Element 'X': …" (or [XML] when not well-formed),
# then "frr: N errors". Exit status: 0 = valid, 1 = invalid, 2 = bad usage / unreadable input, 3 = xmllint missing
# (apt-get install -y libxml2-utils).

set -u

self=$0
if resolved=$(readlink -f -- "$self" 2>/dev/null) && [ -n "$resolved" ]; then self=$resolved; fi
case $self in */*) kit=${self%/*} ;; *) kit=. ;; esac
XSD=$kit/frr.xsd

case ${1:-} in
    -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    '') sed -n '2,/^$/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
esac
input=$1
[ -f "$input" ] && [ -r "$input" ] || { printf 'validate-frr.sh: cannot read %s\n' "$input" >&2; exit 2; }
case $input in -*) input=./$input ;; esac
command -v xmllint >/dev/null 2>&1 || { printf 'validate-frr.sh: xmllint missing (apt-get install -y libxml2-utils)\n' >&2; exit 3; }

out=$(xmllint --noout --nonet "$input" 2>&1)
if [ $? -ne 0 ]; then
    printf '%s\n' "$out" | grep -E 'error' | head -n 20 | sed 's/^[^:]*:\([0-9][0-9]*\): /line \1: /; s/^/  ERROR   [XML] /'
    printf 'frr: 1 errors\n'
    exit 1
fi

out=$(xmllint --noout --nonet --schema "$XSD" "$input" 2>&1)
rc=$?
case $rc in
    0) printf 'frr: 0 errors\n'; exit 0 ;;
    3|4)
        errors=$(printf '%s\n' "$out" | grep -E 'validity error|parser error' \
            | sed -e 's/^.*:\([0-9][0-9]*\): element [^:]*: Schemas validity error : /line \1: /' -e 's/^/  ERROR   [XSD] /')
        [ -n "$errors" ] || errors=$(printf '%s\n' "$out" | sed 's/^/  ERROR   [XSD] /')
        printf '%s\n' "$errors"
        printf 'frr: %s errors\n' "$(printf '%s\n' "$errors" | grep -c .)"
        exit 1 ;;
    *) printf '%s\n' "$out" >&2; printf 'validate-frr.sh: xmllint could not run the schema (exit %s)\n' "$rc" >&2; exit 2 ;;
esac
