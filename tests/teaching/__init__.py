"""Tests of baccarat_lib.teaching (a package so that test basenames may repeat across layers)."""
