# Starts `sleep 777` in the background, writes its process id to the file named by its
# first argument, and exits at once, leaving the sleep behind.
sleep 777 &
echo $! > "$1"
