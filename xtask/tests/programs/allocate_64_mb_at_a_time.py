"""Allocates 64 MB at a time, touching every byte, until it is stopped."""

chunks = []
while True:
    chunks.append(b"\x01" * (64 << 20))
