# Starts a process that leaves the process group with `setsid`, writes its process id to
# the file named by its first argument, and exits, leaving it behind.
setsid sh -c 'echo $$ > "$1.partial"; mv "$1.partial" "$1"; exec sleep 778' sh "$1" &
while [ ! -e "$1" ]; do sleep 0.01; done
