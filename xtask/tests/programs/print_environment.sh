# Prints its environment, one variable a line.
env
