#!/usr/bin/env bash
# Prints the figures docs/architecture.md tracks: methods per hub type, the largest source files, and SQL statements
# written twice (same name, same text once whitespace is normalized, in both dialects' files). Package cycles are
# checked by the architecture test, not here. Usage: scripts/architecture-figures.sh [repository root]
set -euo pipefail
export LC_ALL=C
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"

# Abstract methods and default methods of an interface: declarations at member indentation, not comments or annotations.
interface_methods() {
  grep -cE '^    (default |static )?[A-Za-z<][][A-Za-z0-9_<>,.? ]* [a-z][A-Za-z0-9_]*\(' "$1" || true
}
public_methods() {
  grep -E '^    public (static )?[A-Za-z<][][A-Za-z0-9_<>,.? ]* [a-z][A-Za-z0-9_]*\(' "$1" | grep -vc ' class ' || true
}
show() { [ -f "$2" ] && printf '%-58s %5s %s\n' "$2" "$(wc -l < "$2")" "$1 $3"; }

echo "hub types (file, lines, methods):"
api=tide-api/src/main/java/dev/tide/api
core=tide-core/src/main/java/dev/tide/core
show "interface methods:" "$api/TaskQueue.java" "$(interface_methods $api/TaskQueue.java)"
show "interface methods:" "$core/store/Store.java" "$(interface_methods $core/store/Store.java)"
show "public methods:" "$core/Tide.java" "$(public_methods $core/Tide.java)"
show "public methods:" "tide-client/src/main/java/dev/tide/client/TideClient.java" \
  "$(public_methods tide-client/src/main/java/dev/tide/client/TideClient.java)"
show "lines" "$core/store/jdbc/JdbcStore.java" ""

echo
echo "largest main source files:"
find tide-*/src/main -name '*.java' -print0 | xargs -0 wc -l | grep -v ' total$' | sort -rn | head -10

echo
echo "tide-core classes of 400 lines or more:"
find tide-core/src/main -name '*.java' -print0 | xargs -0 wc -l | grep -v ' total$' | awk '$1 >= 400' | sort -rn

echo
echo "SQL statements (name -> text) per dialect, and those written twice:"
statements() {
  # One line per statement: name, a tab, its text on one line with runs of blanks squeezed.
  awk '/^-- name: /{ if (n) print n "\t" t; n=$3; t=""; next } /^--/{ next } n { t = t " " $0 }
       END { if (n) print n "\t" t }' "$@" | sed -E 's/ +/ /g; s/\t /\t/; s/ $//' | sort
}
store=tide-core/src/main/resources/dev/tide/core/store
statements $store/sqlite/*.sql > /tmp/tide-figures-sqlite.$$
statements $store/postgresql/*.sql > /tmp/tide-figures-pg.$$
echo "  sqlite dialect: $(wc -l < /tmp/tide-figures-sqlite.$$) statements, $(cat $store/sqlite/*.sql | wc -l) lines"
echo "  postgresql dialect: $(wc -l < /tmp/tide-figures-pg.$$) statements, $(cat $store/postgresql/*.sql | wc -l) lines"
if [ -d $store/sql ]; then
  echo "  common: $(cat $store/sql/*.sql | grep -c '^-- name: ') statements, $(cat $store/sql/*.sql | wc -l) lines"
fi
echo "  same name in both dialects: $(cut -f1 /tmp/tide-figures-sqlite.$$ | sort | comm -12 - <(cut -f1 /tmp/tide-figures-pg.$$ | sort) | wc -l)"
echo "  same name and same text in both dialects: $(comm -12 /tmp/tide-figures-sqlite.$$ /tmp/tide-figures-pg.$$ | wc -l)"
rm -f /tmp/tide-figures-sqlite.$$ /tmp/tide-figures-pg.$$
