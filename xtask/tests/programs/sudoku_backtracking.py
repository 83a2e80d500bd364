"""Sudoku (any completion, the rows written with spaces) by plain backtracking, the way a
first solution is written: fill the blanks in reading order, trying the digits 1 to 9 in
each, and step back when a blank has no digit left.

Input: nine lines of nine digits separated by spaces, 0 for a blank.
Output: the completed grid in the same form.

It passes the judge's sample in a few milliseconds, and meets TLE on the hard puzzles of
`cargo xtask stress PROBLEM --command "python3 sudoku_backtracking.py" --hard`, where
PROBLEM is the Sudoku that takes any completion (the README names it).
"""

import sys


def main():
    grid = [int(token) for token in sys.stdin.read().split()]
    blanks = [cell for cell in range(81) if grid[cell] == 0]

    def allowed(cell, digit):
        row, column = divmod(cell, 9)
        box_row, box_column = row - row % 3, column - column % 3
        for index in range(9):
            if grid[row * 9 + index] == digit or grid[index * 9 + column] == digit:
                return False
            box_cell = (box_row + index // 3) * 9 + box_column + index % 3
            if grid[box_cell] == digit:
                return False
        return True

    def solve(position):
        if position == len(blanks):
            return True
        cell = blanks[position]
        for digit in range(1, 10):
            if allowed(cell, digit):
                grid[cell] = digit
                if solve(position + 1):
                    return True
        grid[cell] = 0
        return False

    solve(0)
    for row in range(9):
        print(" ".join(str(digit) for digit in grid[row * 9:row * 9 + 9]))


main()
