"""Tests of baccarat_lib.game (a package so that test basenames may repeat across layers)."""
