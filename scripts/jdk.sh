# Sourced by ./tide and ./run-tests: exports JAVA_HOME pointing at a JDK >= 21.
# Order: $JAVA_HOME if it is new enough, then the newest JDK under /usr/lib/jvm.

tide_java_major() {
  # Prints the feature version of the JDK at $1 (e.g. 25), or nothing if it is not a JDK.
  local home=$1
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
  "$home/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

tide_find_jdk() {
  local candidate major best="" best_major=0
  if [ -n "${JAVA_HOME:-}" ]; then
    major=$(tide_java_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      echo "$JAVA_HOME"
      return 0
    fi
  fi
  for candidate in /usr/lib/jvm/*; do
    [ -d "$candidate" ] || continue
    major=$(tide_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
      best=$candidate
      best_major=$major
    fi
  done
  [ -n "$best" ] || return 1
  echo "$best"
}

if ! TIDE_JAVA_HOME=$(tide_find_jdk); then
  echo "tide: no JDK 21 or newer found (looked at \$JAVA_HOME and /usr/lib/jvm/*); install one or set JAVA_HOME." >&2
  exit 3
fi
export JAVA_HOME=$TIDE_JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
# JDK 24+ warns when Maven's own Guava uses sun.misc.Unsafe; older JDKs do not know the flag that silences it.
if [ "$(tide_java_major "$JAVA_HOME")" -ge 24 ]; then
  export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
fi
