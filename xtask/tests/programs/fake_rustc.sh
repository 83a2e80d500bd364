#!/bin/sh
# A stand-in for rustc, for `cargo xtask check --bundled --rustc`: called as rustc is
# (`--edition 2021 -O -o NAME SOURCE`, in the build folder), it writes NAME, a script that
# runs the command in $FAKE_RUSTC_RUNS. Where $FAKE_RUSTC_SERVER_PIDS names a file, it
# first leaves a server behind, as sccache does for a RUSTC_WRAPPER: a process in a session
# of its own that outlives the build, whose process id it writes to that file. Where
# $FAKE_RUSTC_SLOW_PIDS names a file, it writes its own process id and a child's there and
# waits for the child, which sleeps for minutes: a compiler that takes long.
if [ -n "$FAKE_RUSTC_SERVER_PIDS" ]; then
  setsid sh -c 'echo $$ > "$1.partial"; mv "$1.partial" "$1"; exec sleep 300' \
    sh "$FAKE_RUSTC_SERVER_PIDS" </dev/null >/dev/null 2>&1 &
  while [ ! -e "$FAKE_RUSTC_SERVER_PIDS" ]; do sleep 0.01; done
fi
if [ -n "$FAKE_RUSTC_SLOW_PIDS" ]; then
  sleep 300 &
  echo $$ > "$FAKE_RUSTC_SLOW_PIDS.partial"
  echo $! >> "$FAKE_RUSTC_SLOW_PIDS.partial"
  mv "$FAKE_RUSTC_SLOW_PIDS.partial" "$FAKE_RUSTC_SLOW_PIDS"
  wait
fi
printf '#!/bin/sh\n%s\n' "$FAKE_RUSTC_RUNS" > "$5"
chmod +x "$5"
