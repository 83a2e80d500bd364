# Loops forever, with a child that sleeps: writes both process ids to the file named by
# its first argument, one a line, then spins.
sleep 777 &
echo $$ > "$1.partial"
echo $! >> "$1.partial"
mv "$1.partial" "$1"
while :; do :; done
