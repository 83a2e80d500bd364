# Holds N MiB (the first argument), then starts a child with posix_spawn whose first step,
# before it runs its program, is to open a FIFO: the child waits there M milliseconds (the
# second argument), until a writer started just before opens the FIFO too. Meanwhile the
# child runs on this process's memory: posix_spawn starts it with vfork, so its pages are
# this process's own pages, not copies. The program of the runner's test that such a
# child's memory is not counted a second time.
import os
import sys
import tempfile

megabytes, wait_ms = int(sys.argv[1]), int(sys.argv[2])
memory = b"\x01" * (megabytes << 20)
folder = tempfile.mkdtemp()
fifo = os.path.join(folder, "fifo")
os.mkfifo(fifo)
writer = os.posix_spawn(
    "/bin/sh", ["sh", "-c", f'sleep {wait_ms / 1000}; exec 3> "$0"', fifo], os.environ
)
opens_the_fifo = [(os.POSIX_SPAWN_OPEN, 0, fifo, os.O_RDONLY, 0)]
child = os.posix_spawn("/bin/true", ["true"], os.environ, file_actions=opens_the_fifo)
os.waitpid(child, 0)
os.waitpid(writer, 0)
os.remove(fifo)
os.rmdir(folder)
print(len(memory) >> 20)
