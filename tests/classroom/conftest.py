"""Make classroom/ importable (its hub helper and load test) for the classroom tests (issue 15)."""

import sys
from pathlib import Path

CLASSROOM = Path(__file__).resolve().parents[2] / "classroom"
sys.path.insert(0, str(CLASSROOM))
