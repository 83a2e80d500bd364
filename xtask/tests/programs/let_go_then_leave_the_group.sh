# Takes 300 signals, so that the runner lets it go untraced after its first ones (see
# xtask/src/judge/run/ptrace.rs), then starts a child that leaves its process group
# (`setsid`), writes both process ids to the file named by its first argument, one a
# line, and spins.
trap : USR1
i=0
while [ $i -lt 300 ]; do
  kill -USR1 $$
  i=$((i + 1))
done
setsid sleep 777 &
echo $$ > "$1.partial"
echo $! >> "$1.partial"
mv "$1.partial" "$1"
while :; do :; done
