"""The examples of docs/learning.md's framework sections run, each in a
fresh interpreter with warnings as errors, and print what the page says."""

import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.path.join(HERE, os.pardir, os.pardir, os.pardir, os.pardir, "docs", "learning.md")
SECTIONS = ("learning_pettingzoo", "learning_gymnasium", "learning_openspiel")


def examples(section):
    """(code, expected output) of each ```python block of a section that a
    ```text block (what it prints) follows."""
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    start = text.index("{#%s}" % section)
    end = text.find("\n## ", start)
    body = text[start:end if end >= 0 else len(text)]
    return re.findall(r"```python\n(.*?)```\s*\n[^`]*?```text\n(.*?)```", body, re.S)


class TestLearningPage(unittest.TestCase):
    def test_examples(self):
        for section in SECTIONS:
            found = examples(section)
            self.assertEqual(len(found), 1, section)
            for code, expected in found:
                with self.subTest(section=section):
                    p = subprocess.run([sys.executable, "-W", "error", "-c", code],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       universal_newlines=True, env=dict(os.environ),
                                       timeout=300)
                    self.assertEqual(p.returncode, 0, p.stderr)
                    self.assertEqual(p.stdout, expected)


if __name__ == "__main__":
    unittest.main()
