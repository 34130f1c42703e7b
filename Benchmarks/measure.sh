# Shell functions that count a run's instructions and heap blocks with
# valgrind, and the difference per frame between two runs; sourced by
# Benchmarks/run.sh and Benchmarks/per-frame.sh. The caller sets N1 and N2
# (the two runs' frame counts), EXTRA (arguments after the frame count) and
# work (a scratch directory).

# The instructions callgrind counts in one run of the arguments.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null \
    | awk '/Collected :/ { print $NF }'
}

# The heap blocks allocated in one run of the arguments.
allocations() {
  valgrind --tool=memcheck --leak-check=no "$@" 2>&1 >/dev/null \
    | awk '/total heap usage:/ { gsub(",", "", $5); print $5 }'
}

# f(N2) - f(N1) for f one of the two above.
difference() {
  local measure=$1
  shift
  local low high
  low=$("$measure" "$@" "$N1" "${EXTRA[@]}")
  high=$("$measure" "$@" "$N2" "${EXTRA[@]}")
  echo $((high - low))
}

# (f(N2) - f(N1)) / (N2 - N1), with one decimal.
per_frame() {
  awk -v d="$(difference "$@")" -v n1="$N1" -v n2="$N2" 'BEGIN { printf "%.1f", d / (n2 - n1) }'
}
