"""Real-browser tests (JupyterLab and Voila in headless Chromium); see conftest.py and lab.py."""
