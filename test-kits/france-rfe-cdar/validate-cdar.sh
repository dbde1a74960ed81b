#!/bin/sh
# validate-cdar.sh - offline validation of a French e-invoicing lifecycle status message
# (CDAR D22B "CrossDomainAcknowledgementAndResponse", AFNOR XP Z12-012 v1.4).
#
# Usage: validate-cdar.sh [options] message.xml
#
# Layers, in order:
#   XML        well-formed, root is rsm:CrossDomainAcknowledgementAndResponse
#   XSD        xmllint --schema $FRANCE_RFE_DIR/FNFE_RFE_INVOICE/CDAR/1xsd-CDAR_D22B_uncoupled/CrossDomain…_100pD22B.xsd
#   BR-FR-CDV  …/CDAR/2xslt/BR-FR-CDV-Schematron-CDAR.xslt (the "fatal" mode, applicable from 2026-09-01)
#
# Options:
#   --warning-mode  run …/CDAR/2xslt/BR-FR-CDV-Schematron-CDAR_WARNING.xslt instead (the transition mode:
#                   every rule flagged "warning", so nothing but the XSD can fail)
#   --svrl DIR      keep the raw SVRL report in DIR
#   -q, --quiet     do not print warnings (errors and the final line only)
#   -h, --help      this help
#
# Output: one block per failed assertion (severity, layer, rule id, location, text), then the
# final line "cdar: N errors". Failed asserts flagged "fatal"/"error" or not flagged count as
# errors; "warning"/"information" are printed but never fail.
# Exit status: 0 = valid (warnings allowed), 1 = invalid, 2 = bad usage / unreadable input /
# validator failure, 3 = a required tool is missing.
#
# Environment: SAXON_JAR (path to Saxon-HE jar), JAVA (java binary),
#              CDAR_JAVA_OPTS (default: -XX:TieredStopAtLevel=1 -XX:+UseSerialGC).

set -u

INSTALL_HINT='apt-get install -y libxml2-utils libsaxonhe-java default-jre-headless'

usage() {
    sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
}

die() {  # die <exit-code> <message...>
    code=$1; shift
    printf 'validate-cdar.sh: %s\n' "$*" >&2
    exit "$code"
}

# --- locate the kit (directory of this script, symlinks resolved when possible) ---------------
self=$0
if resolved=$(readlink -f -- "$self" 2>/dev/null) && [ -n "$resolved" ]; then self=$resolved; fi
case $self in
    */*) kit_dir=${self%/*} ;;
    *)   kit_dir=. ;;
esac
KIT=$(cd -P -- "$kit_dir" && pwd) || die 2 "cannot locate the kit directory"

# The official files are read where the team keeps them (../shared/france-rfe beside the project), not copied here;
# FRANCE_RFE_DIR points elsewhere.
RFE=${FRANCE_RFE_DIR:-$KIT/../../../shared/france-rfe}
CDAR=$RFE/FNFE_RFE_INVOICE/CDAR
[ -d "$CDAR" ] || die 3 "France_RFE files not found at $CDAR (set FRANCE_RFE_DIR to the folder holding FNFE_RFE_INVOICE)"
XSD=$CDAR/1xsd-CDAR_D22B_uncoupled/CrossDomainAcknowledgementAndResponse_100pD22B.xsd
RUNNER=$KIT/lib/run-schematrons.xsl
SCH=$CDAR/2xslt/BR-FR-CDV-Schematron-CDAR.xslt

# --- arguments ---------------------------------------------------------------------------------
quiet=0; svrl_dir=''; input=''
while [ $# -gt 0 ]; do
    case $1 in
        --warning-mode) SCH=$CDAR/2xslt/BR-FR-CDV-Schematron-CDAR_WARNING.xslt ;;
        --svrl) [ $# -ge 2 ] || die 2 "--svrl needs a directory"; svrl_dir=$2; shift ;;
        --svrl=*) svrl_dir=${1#--svrl=} ;;
        -q|--quiet) quiet=1 ;;
        -h|--help) usage; exit 0 ;;
        --) shift; break ;;
        -*) die 2 "unknown option: $1 (see --help)" ;;
        *) [ -z "$input" ] || die 2 "only one message per run (got '$input' and '$1')"; input=$1 ;;
    esac
    shift
done
if [ -z "$input" ] && [ $# -gt 0 ]; then input=$1; fi
[ -n "$input" ] || { usage >&2; exit 2; }
[ -f "$input" ] || die 2 "no such file: $input"
[ -r "$input" ] || die 2 "cannot read: $input"
case $input in -*) input=./$input ;; esac   # keep tools from reading it as an option

# --- tools (same lookup as test-kits/factur-x/validate.sh) ------------------------------------
missing=''
command -v xmllint >/dev/null 2>&1 || missing="$missing xmllint(libxml2-utils)"
JAVA=${JAVA:-java}
command -v "$JAVA" >/dev/null 2>&1 || missing="$missing java(default-jre-headless)"
if [ -z "${SAXON_JAR:-}" ]; then
    for j in /usr/share/java/Saxon-HE.jar /usr/share/java/saxon9he.jar /usr/share/java/Saxon-HE-*.jar; do
        if [ -f "$j" ]; then SAXON_JAR=$j; break; fi
    done
fi
[ -n "${SAXON_JAR:-}" ] && [ -f "$SAXON_JAR" ] || missing="$missing Saxon-HE(libsaxonhe-java)"
if [ -n "$missing" ]; then
    printf 'validate-cdar.sh: missing required tool(s):%s\n' "$missing" >&2
    printf 'install them (Debian/Ubuntu, as root):\n  apt-get update && %s\n' "$INSTALL_HINT" >&2
    printf '(or set SAXON_JAR=/path/to/Saxon-HE.jar and JAVA=/path/to/java)\n' >&2
    exit 3
fi
for f in "$XSD" "$RUNNER" "$SCH"; do
    [ -f "$f" ] || die 2 "kit file missing: $f"
done

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t cdar) || die 2 "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

if [ -n "$svrl_dir" ]; then
    mkdir -p -- "$svrl_dir" || die 2 "cannot create $svrl_dir"
    svrl_dir=$(cd -P -- "$svrl_dir" && pwd)
fi
xml=$input
errors=0; warnings=0

# --- well-formedness and root ------------------------------------------------------------------
if ! xmllint --noout --nonet "$xml" > "$tmp/wf.txt" 2>&1; then
    grep -E ': (parser|namespace|validity) error :|: error :' "$tmp/wf.txt" > "$tmp/wf-errors.txt" \
        || cp "$tmp/wf.txt" "$tmp/wf-errors.txt"
    n=$(grep -c . "$tmp/wf-errors.txt"); [ "$n" -gt 0 ] || n=1
    sed 's/^/  ERROR [XML] /' "$tmp/wf-errors.txt" | head -n 20
    printf 'not well-formed XML: schema and schematron checks skipped\n'
    printf 'cdar: %s errors\n' "$n"
    exit 1
fi
xp() { xmllint --nonet --xpath "$1" "$xml" 2>/dev/null; }
root=$(xp 'concat(local-name(/*), " ", namespace-uri(/*))')
case $root in
    'CrossDomainAcknowledgementAndResponse urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100') ;;
    *) printf '  ERROR [XML] root element is "%s", expected rsm:CrossDomainAcknowledgementAndResponse (CDAR D22B)\n' "$root"
       printf 'cdar: 1 errors\n'; exit 1 ;;
esac
printf 'message: %s  (MDT-3 guideline: %s)\n' \
    "$(xp 'normalize-space(/*/*[local-name()="ExchangedDocument"]/*[local-name()="ID"])')" \
    "$(xp 'normalize-space(/*/*[local-name()="ExchangedDocumentContext"]/*[local-name()="GuidelineSpecifiedDocumentContextParameter"]/*[local-name()="ID"])')"

# --- XSD ---------------------------------------------------------------------------------------
xmllint --noout --nonet --schema "$XSD" "$xml" > "$tmp/xsd.txt" 2>&1
rc=$?
case $rc in
    0) n=0 ;;
    3|4)
        grep -E 'validity error|parser error' "$tmp/xsd.txt" \
          | sed -e 's/^.*:\([0-9][0-9]*\): element [^:]*: Schemas validity error : /line \1: /' \
                -e 's/{urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100}/ram:/g' \
                -e 's/{urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100}/rsm:/g' \
                -e 's/{urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100}/udt:/g' \
                -e 's/{urn:un:unece:uncefact:data:standard:QualifiedDataType:100}/qdt:/g' \
                -e 's/^/  ERROR   [XSD] /' > "$tmp/xsd-errors.txt"
        n=$(grep -c . "$tmp/xsd-errors.txt")
        [ "$n" -gt 0 ] || { n=1; sed 's/^/  ERROR   [XSD] /' "$tmp/xsd.txt" > "$tmp/xsd-errors.txt"; }
        cat "$tmp/xsd-errors.txt" ;;
    *)  cat "$tmp/xsd.txt" >&2; die 2 "xmllint could not run the schema check (exit $rc)" ;;
esac
errors=$((errors + n))
printf '== [XSD]        CDAR D22B XSD: %s error(s)\n' "$n"

# --- schematron --------------------------------------------------------------------------------
uri() {  # absolute path -> file: URI (escapes the few characters that matter here)
    printf 'file://%s' "$1" | sed -e 's/%/%25/g' -e 's/ /%20/g' -e 's/#/%23/g' -e 's/;/%3B/g' -e 's/|/%7C/g' -e 's/\[/%5B/g' -e 's/\]/%5D/g'
}
set -- "layers=BR-FR-CDV|$(uri "$SCH")"
[ -z "$svrl_dir" ] || set -- "$@" "svrl-dir=$(uri "$svrl_dir")/"

# shellcheck disable=SC2086
"$JAVA" ${CDAR_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC} -cp "$SAXON_JAR" \
    net.sf.saxon.Transform -s:"$xml" -xsl:"$RUNNER" "$@" > "$tmp/sch.tsv" 2> "$tmp/sch.err"
rc=$?
if [ $rc != 0 ] || grep -q '^CRASH' "$tmp/sch.tsv"; then
    cat "$tmp/sch.err" >&2
    grep '^CRASH' "$tmp/sch.tsv" >&2
    die 2 "Saxon failed to run the schematron XSLT (exit $rc)"
fi

awk -F '\t' -v quiet="$quiet" '
    $1 == "ERROR" || ($1 == "WARNING" && quiet != 1) {
        printf "  %-7s [%s] %s\n", $1, $2, ($3 == "" ? "(no id)" : $3)
        printf "          at %s\n", $4
        printf "          %s\n", $5
    }
    $1 == "LAYER" {
        printf "== [%s]  French CDV rules (FNFE-MPE 1.4.0): %d error(s), %d warning(s)\n", $2, $3, $4
    }
' "$tmp/sch.tsv"

n=$(grep -c '^ERROR' "$tmp/sch.tsv")
w=$(grep -c '^WARNING' "$tmp/sch.tsv")
errors=$((errors + n)); warnings=$((warnings + w))

[ -z "$svrl_dir" ] || printf 'SVRL report kept in %s\n' "$svrl_dir"
printf 'warnings: %s (not blocking)\n' "$warnings"
printf 'cdar: %s errors\n' "$errors"
[ "$errors" -eq 0 ]
