"""Tests of baccarat_lib.analysis (a package so that test basenames may repeat across layers)."""
