"""Widgets for the lessons: each lesson shows one with a single call.

Every widget is a thin view: it reads its controls, calls one pure function of baccarat_lib,
and renders the result; bad input is shown inline, never as a traceback.
"""
