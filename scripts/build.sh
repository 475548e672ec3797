# Sourced by ./tide, ./bench and ./campus (after jdk.sh): builds a module's runnable jar when it is missing or older than any
# main source or pom of the project.
# Usage: tide_build_if_stale <jar> <module> <what, for the messages>

tide_build_if_stale() {
  local jar=$1 module=$2 what=$3 root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  # bench-results/ holds the other revisions ./bench --compare builds aside: their sources are not this tree's
  if [ -f "$jar" ] && [ -z "$(find "$root" -path "$root/bench-results" -prune -o -not -path '*/target/*' \
      \( -path '*/src/main/*' -o -name pom.xml \) -newer "$jar" -print -quit)" ]; then
    return 0
  fi
  echo "$what: building (first use, or sources changed)..." >&2
  if ! (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl "$module" -am) >&2; then
    echo "$what: build failed; see the Maven output above" >&2
    exit 3
  fi
}
