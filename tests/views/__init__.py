"""Tests of baccarat_lib.views (a package so that test basenames may repeat across layers)."""
